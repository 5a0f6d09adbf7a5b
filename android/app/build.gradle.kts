import com.github.willir.rust.CargoNdkConfig
import com.github.willir.rust.RustTargetType
import javax.inject.Inject

plugins {
    alias(libs.plugins.android.application)
    alias(libs.plugins.kotlin.compose)
    alias(libs.plugins.cargo.ndk)
}

/** The ABIs the app ships, each built from the Rust core by cargo-ndk. */
val abis = listOf("arm64-v8a", "armeabi-v7a", "x86_64")

android {
    namespace = "app.ludo"
    compileSdk = 36
    // r28 and later link 16 KB-aligned libraries, which Android 15+ devices need.
    ndkVersion = "28.2.13676358"

    defaultConfig {
        applicationId = "app.ludo"
        minSdk = 26
        targetSdk = 36
        versionCode = 1
        versionName = "0.1.0"
        ndk { abiFilters += abis }
    }

    buildTypes {
        release {
            // JNA finds the bindings' classes by reflection; keep them whole rather than
            // maintain keep rules.
            isMinifyEnabled = false
        }
    }

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }

    buildFeatures {
        compose = true
    }

    androidResources {
        generateLocaleConfig = true
    }
}

// `cargo ndk` builds bindings/ (crate ludo-ffi) for each ABI and copies libludo_ffi.so into
// src/main/jniLibs before the variant's sources compile, with cargo's release profile for
// debug builds too (below). `-Prust-target=arm64` builds one ABI.
cargoNdk {
    module = "../bindings" // from this Gradle project's root, android/
    // From the module: the Cargo workspace's target folder, where the plugin looks for the
    // libraries. Cargo is told the same folder, whatever CARGO_TARGET_DIR the shell has.
    targetDirectory = "../target"
    extraCargoEnv = mapOf("CARGO_TARGET_DIR" to rootProject.file("../target").absolutePath)
    targets = ArrayList(abis)
    // The Android API the libraries link against: the app's minSdk, given here rather than
    // read through AGP's old DSL.
    apiLevel = 26
    librariesNames = arrayListOf("libludo_ffi.so")
    // The plugin builds a debug variant with cargo's dev profile unless told otherwise: the
    // core at opt-level 0, whose bots take many times longer to move than in the app people
    // get. Debug builds take the release profile too; the Kotlin side stays debuggable.
    buildTypes {
        getByName("debug") { buildType = "release" }
    }
}

/**
 * Writes the Kotlin bindings (package `uniffi.ludo_ffi`) from a built libludo_ffi.so with the
 * workspace's own uniffi-bindgen, as bindings/generate.sh does for the tests. Generated code is
 * never committed: it lives in this task's output folder under build/generated.
 */
abstract class GenerateUniffiBindings : DefaultTask() {
    @get:Inject abstract val exec: ExecOperations

    @get:Input abstract val cargo: Property<String>

    /** The Cargo workspace root: uniffi-bindgen reads `cargo metadata` from there. */
    @get:Internal abstract val workspace: DirectoryProperty

    @get:InputFile abstract val library: RegularFileProperty

    @get:OutputDirectory abstract val outputDir: DirectoryProperty

    @TaskAction
    fun generate() {
        val out = outputDir.get().asFile
        out.deleteRecursively()
        exec.exec {
            workingDir = workspace.get().asFile
            commandLine(
                cargo.get(), "run", "--quiet", "-p", "ludo-ffi", "--features", "cli",
                "--bin", "uniffi-bindgen", "--",
                "generate", "--language", "kotlin", "--no-format", "--metadata-no-deps",
                "--out-dir", out.path, library.get().asFile.path,
            )
        }
    }
}

// The bindings are read from the library of the ABI being built (any ABI's library holds the
// same interface metadata).
val bindingsAbi = (findProperty("rust-target") as String?)
    ?.let { RustTargetType.fromId(it).jniLibDirName } ?: abis.first()

androidComponents {
    onVariants { variant ->
        val name = variant.name.replaceFirstChar { it.uppercase() }
        val generate = tasks.register<GenerateUniffiBindings>("generate${name}UniffiBindings") {
            dependsOn("buildCargoNdk$name")
            cargo.set(CargoNdkConfig.resolveCargoExecutable(cargoNdk.cargoExecutable))
            workspace.set(rootProject.layout.projectDirectory.dir(".."))
            library.set(layout.projectDirectory.file("src/main/jniLibs/$bindingsAbi/libludo_ffi.so"))
        }
        // A generated source folder: AGP runs the task before compiling the variant.
        variant.sources.java?.addGeneratedSourceDirectory(generate, GenerateUniffiBindings::outputDir)
    }
}

dependencies {
    implementation(libs.androidx.core.ktx)
    implementation(libs.androidx.activity.compose)
    implementation(libs.androidx.lifecycle.viewmodel.compose)
    implementation(libs.androidx.lifecycle.runtime.compose)
    implementation(platform(libs.androidx.compose.bom))
    implementation(libs.androidx.compose.ui)
    implementation(libs.androidx.compose.material3)
    implementation(libs.androidx.compose.ui.tooling.preview)
    debugImplementation(libs.androidx.compose.ui.tooling)
    implementation(libs.kotlinx.coroutines.android)
    // The AAR carries JNA's native dispatch library for every Android ABI; a catalog entry
    // cannot ask for the @aar artifact, hence the string.
    implementation("net.java.dev.jna:jna:${libs.versions.jna.get()}@aar")
}
