buildscript {
    repositories {
        mavenCentral()
    }
    dependencies {
        // AGP 9 compiles Kotlin itself, with the Kotlin Gradle plugin it depends on (older than
        // ours). The Compose compiler plugin must match the Kotlin compiler, so raise it to the
        // catalog's Kotlin, the version tests/kotlin compiles the same bindings with.
        classpath(libs.kotlin.gradle.plugin)
    }
}

plugins {
    alias(libs.plugins.android.application) apply false
    alias(libs.plugins.kotlin.compose) apply false
    alias(libs.plugins.cargo.ndk) apply false
}
