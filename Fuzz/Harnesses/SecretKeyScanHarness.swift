import EnvironmentCrypto

/// `SecretKeyScan`, what `envtool guard` runs on every staged file: any bytes at all (binaries,
/// text in any encoding) must be scanned without a trap, and a find must name a line the input has.
enum SecretKeyScanHarness {
    static func run(_ input: UnsafeRawBufferPointer) {
        let finds = SecretKeyScan.finds(in: input)
        let lines = input.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        var previous = 1
        for find in finds {
            if find.line < previous || find.line > lines { fatalError("a find on line \(find.line) of \(lines), after line \(previous)") }
            previous = find.line
        }
        // A key is found wherever it stands: the same bytes behind a line of text give the same
        // kinds, one line further down.
        let shifted = Array("prefix\n".utf8) + Array(input)
        let again = shifted.withUnsafeBytes { SecretKeyScan.finds(in: $0) }
        if again.map(\.kind) != finds.map(\.kind) || zip(again, finds).contains(where: { $0.line != $1.line + 1 }) {
            fatalError("a line of text in front changed what was found")
        }
    }
}
