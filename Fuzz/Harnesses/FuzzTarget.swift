/// One fuzz target: a name for `scripts/fuzz`, what it exercises, and the function libFuzzer
/// (or the replayer, or the regression test) calls with each input.
///
/// A harness must return for every input: a Swift trap, a hang or unbounded memory is the bug
/// the fuzzer looks for. Thrown errors are the expected answer to bad input and are ignored.
public struct FuzzTarget: Sendable {
    /// The name used on the command line and as the folder of its corpus and crashers.
    public let name: String
    /// What the target feeds its input to, in one line.
    public let summary: String
    /// Runs one input.
    public let run: @Sendable (UnsafeRawBufferPointer) -> Void
    /// What an input stands for, when that is not the bytes themselves (the grammar target's scenario).
    public var describe: (@Sendable (UnsafeRawBufferPointer) -> String)? = nil

    /// Every target, in the order `scripts/fuzz` lists and runs them.
    public static let all: [FuzzTarget] = [
        FuzzTarget(
            name: "json", summary: "JSONParser.parseDocument on raw bytes (strict RFC 8259, offsets, depth limit)",
            run: JSONHarness.run),
        FuzzTarget(
            name: "strings", summary: ".strings parser (StringsFile(data:)): encodings, escapes, comments, diagnostics",
            run: StringsHarness.run),
        FuzzTarget(
            name: "strings-format", summary: "Apple printf formatter for i18next strings and defaults (FormatString.format, signature): template NUL arguments",
            run: StringFormatHarness.run),
        FuzzTarget(
            name: "envbin", summary: "environments.bin header parsing and decryption with the fixture key, identity and passphrase",
            run: EnvironmentsBinHarness.run),
        FuzzTarget(
            name: "i18next", summary: "i18next init options + resources JSON, then t() calls (key NUL options JSON)",
            run: I18NextHarness.run),
        FuzzTarget(
            name: "i18next-grammar", summary: "i18next resources, options and calls generated from a grammar driven by the input",
            run: I18NextGrammarHarness.run, describe: I18NextGrammarHarness.describe),
        FuzzTarget(
            name: "sprintf", summary: "i18next sprintf post-processor: template NUL JSON array or object of arguments",
            run: SprintfHarness.run),
        FuzzTarget(
            name: "age", summary: "age v1 header inspection and decryption (binary, armored) with the test kit's identity and passphrase",
            run: AgeHarness.run),
        FuzzTarget(
            name: "age-plugin",
            summary: "age plugin protocol stanzas (c2sp.org/age-plugin) read within small limits, each written again and read back the same",
            run: AgePluginHarness.run),
        FuzzTarget(
            name: "aws-kms",
            summary:
                "age-plugin-awskms's inputs: AWS shared config/credentials files and the chain over them, KMS JSON answers, recipients and identities, plugin conversations (first byte picks)",
            run: AWSKMSHarness.run),
        FuzzTarget(
            name: "rncryptor",
            summary: "RNCryptor v3 header and structure checks, then HMAC, AES-CBC and padding with the spec's vector keys (and the HMAC recomputed)",
            run: RNCryptorHarness.run),
        FuzzTarget(
            name: "apple-format", summary: "Apple printf formatter (AppleStringFormatter.format): template NUL arguments",
            run: AppleStringFormatHarness.run),
        FuzzTarget(
            name: "stringsdict", summary: ".stringsdict plist reader and model, then plural formatting: plist NUL arguments",
            run: StringsDictHarness.run),
        FuzzTarget(
            name: "xcstrings", summary: ".xcstrings catalog parser, then lookups with formatting: catalog NUL arguments",
            run: StringCatalogHarness.run),
        FuzzTarget(
            name: "po", summary: "gettext .po reader (Plural-Forms evaluation), then every writer of i18n convert",
            run: ConvertHarness.po),
        FuzzTarget(
            name: "xliff", summary: "XLIFF 1.2 reader, then every writer of i18n convert",
            run: ConvertHarness.xliff),
        FuzzTarget(
            name: "android", summary: "Android string resources reader (aapt's escaping, <xliff:g>, plurals, arrays), then every writer of i18n convert",
            run: ConvertHarness.android),
        FuzzTarget(
            name: "convert", summary: "i18n convert: first byte picks the reader, the rest is read then written in every format",
            run: ConvertHarness.any),
        FuzzTarget(
            name: "convert-paths",
            summary: "i18n convert with languages and table names from the input (content and file name): every writer's paths stay below the destination",
            run: ConvertPathsHarness.run),
        FuzzTarget(
            name: "pseudo",
            summary:
                "i18n pseudo: first byte picks the reader, the rest is read, pseudo-localized (en-XA, ar-XB) and planned in every format; placeholders, nesting and markup must survive",
            run: PseudoHarness.run),
        FuzzTarget(
            name: "placeholders",
            summary:
                "i18next placeholder scanners ({{…}}, $t(…)) of the converters and the lint on any text; the converters' scan must stay within three bytes examined per byte",
            run: PlaceholderScanHarness.run),
        FuzzTarget(
            name: "extract-write",
            summary:
                "i18n extract --write with a call's table or namespace, key and value from the input (name NUL key NUL value): nothing is written outside the tables and locales",
            run: ExtractWriteHarness.run),
        FuzzTarget(
            name: "gitignore",
            summary: "the .gitignore rules of the table search: patterns NUL path, asked as a file and a folder; an unrelated rule never changes an answer",
            run: GitignoreHarness.run),
        FuzzTarget(
            name: "secret-keys",
            summary: "SecretKeyScan (envtool guard) on any bytes: age identities and envtool keys found by content, on the line they stand",
            run: SecretKeyScanHarness.run),
        FuzzTarget(
            name: "ssh-keys",
            summary:
                "age's SSH keys: first byte even, identity-file text (OpenSSH private keys, protected ones opened with the passphrase fuzz and at most 2 bcrypt rounds) whose SSH identities must open what their recipients wrap; odd, recipients-file text whose SSH lines must read back the same",
            run: SSHKeyHarness.run),
        FuzzTarget(
            name: "sops",
            summary:
                "sops JSON documents: metadata checks and facts, the data key opened with the fixture's age identity, every value and the MAC; what opens, sealed again, must open the same",
            run: SopsHarness.run),
        FuzzTarget(
            name: "generate-swift", summary: "generate swift: folder NUL file NUL configuration NUL key NUL value …; input text stays in its holes",
            run: GenerateSwiftHarness.run, describe: GenerateSwiftHarness.describe),
    ]

    /// The target called `name`, if any.
    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}
