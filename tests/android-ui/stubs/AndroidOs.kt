@file:Suppress("unused")

package android.os

class Bundle
