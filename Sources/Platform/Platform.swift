// The one place that imports the C library. Every target that calls libc (file descriptors,
// flock, signals, memcmp) imports Platform instead, so that a new platform is one #if here.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("envtool supports Linux (glibc or musl) and Darwin; add this platform's C library here")
#endif

/// The process's environment block (`environ`), for passing it unchanged to a child process;
/// Darwin keeps `environ` out of Swift's reach.
package var processEnvironment: UnsafePointer<UnsafeMutablePointer<CChar>?>? {
#if canImport(Darwin)
    UnsafePointer(_NSGetEnviron().pointee)
#else
    UnsafePointer(environ)
#endif
}
