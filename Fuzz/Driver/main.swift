import Foundation
import FuzzHarnesses

// envfuzz: built normally, it replays inputs through a harness (`envfuzz TARGET FILE…`, or
// `--describe` to print what a grammar input stands for); built by scripts/fuzz with
// `-sanitize=fuzzer,address -DFUZZING`, it is the libFuzzer binary of the target named by the
// first argument or by ENVFUZZ_TARGET. The variable is what libFuzzer's child processes
// (`-fork`, `-minimize_crash`) see, since they are started with libFuzzer's arguments only.

func usage() -> Never {
    var text = "usage: envfuzz TARGET [--describe] [FILE|DIRECTORY…]   (or ENVFUZZ_TARGET=TARGET)\ntargets:\n"
    for target in FuzzTarget.all { text += "  \(target.name.padding(toLength: 16, withPad: " ", startingAt: 0)) \(target.summary)\n" }
    FileHandle.standardError.write(Data(text.utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
let targetName: String
if let first = arguments.first, FuzzTarget.named(first) != nil {
    targetName = first
    arguments.removeFirst()
    setenv("ENVFUZZ_TARGET", targetName, 1)
} else if let name = ProcessInfo.processInfo.environment["ENVFUZZ_TARGET"] {
    targetName = name
} else {
    usage()
}
guard let target = FuzzTarget.named(targetName) else { usage() }

#if FUZZING
// libFuzzer's entry point with our own main: libFuzzer's `main` (in its runtime archive) is not
// linked because this one is defined, and the harness is chosen before libFuzzer starts.
// swift-format-ignore: AlwaysUseLowerCamelCase
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

// nonisolated(unsafe): written once above, before libFuzzer starts; libFuzzer then calls the
// callback from this one thread only.
nonisolated(unsafe) var selected: FuzzTarget = target

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    selected.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

var fuzzerArguments = [CommandLine.arguments[0]] + arguments
var cArguments: [UnsafeMutablePointer<CChar>?] = fuzzerArguments.map { strdup($0) } + [nil]
var count = Int32(fuzzerArguments.count)
let status = cArguments.withUnsafeMutableBufferPointer { buffer in
    var base = buffer.baseAddress
    return LLVMFuzzerRunDriver(&count, &base, { data, size in fuzzOne(data, size) })
}
exit(status)
#else
var describe = false
if arguments.first == "--describe" {
    describe = true
    arguments.removeFirst()
}
var files: [String] = []
for path in arguments {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        FileHandle.standardError.write(Data("envfuzz: \(path): no such file\n".utf8))
        exit(1)
    }
    if isDirectory.boolValue {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        files += names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
    } else {
        files.append(path)
    }
}
for file in files {
    guard let data = FileManager.default.contents(atPath: file) else { continue }
    data.withUnsafeBytes { raw in
        if describe, let text = target.describe?(raw) {
            print(text)
        } else {
            target.run(raw)
        }
    }
    if !describe { print("ok \(file)") }
}
#endif
