// The one place that names the C library, so that a new platform is one #if here. Re-exported to
// the files that import LibC, and only to them: each says so with `internal import LibC` (or
// `package import` where a package declaration shows a C type), and no import of Platform brings
// libc along. Swift's imports are per file and `@_exported` only public, so a module of its own is
// how one #if serves every target without each file repeating it (docs/architecture.md).
#if canImport(Glibc)
@_exported public import Glibc
#elseif canImport(Musl)
@_exported public import Musl
#elseif canImport(Darwin)
@_exported public import Darwin
#else
#error("envtool supports Linux (glibc or musl) and Darwin; add this platform's C library here")
#endif
