import ArgumentParser
import EnvironmentCrypto
import EnvironmentKit
import LibC

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct SetVariable: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set one variable of a configuration, in an environments.json or, without the plaintext touching the disk, an environments.bin.",
        discussion: """
            The value is a string; with --json it is JSON text (a number, true, an object, …). \
            VALUE '-' reads it from standard input (one trailing newline is dropped); without \
            VALUE it is asked for on a terminal, without echo, else read from standard input.

            A VALUE on the command line is visible to every user of the machine in `ps` and is \
            kept in the shell's history: give secrets with '-' or the prompt.

            KEY is a dotted path (api.token); objects missing on the way are made. The \
            configuration is -c, else the one `get` reads. An environments.bin is decrypted in \
            memory, changed, validated and encrypted again to the same recipients, key or \
            passphrase, in its format, and replaced atomically; an environments.json keeps every \
            other byte as it was. On any failure the file is left as it was.
            """)

    @Argument(help: "The variable: a dotted path into the configuration (api.token).")
    var key: String

    @Argument(help: "The value; '-' reads it from standard input; without it, a prompt on a terminal.")
    var value: String?

    @Flag(help: "Read VALUE as JSON text (a number, a boolean, null, an array or an object) instead of a string.")
    var json = false

    @OptionGroup var options: EnvironmentOptions
    @OptionGroup(title: "Passphrase cost (an age passphrase file is sealed again with a new salt)") var kdf: KDFOptions
    @OptionGroup var trust: TrustRecipientsOption

    func validate() throws {
        try VariableEditor.validate(key: key, selection: options.selection)
        if value == nil || value == InputFile.standardInput {
            if options.selection.secrets.readsStandardInput {
                throw ValidationError(
                    "the value and --passphrase-stdin would both be read from standard input; pass the passphrase with --passphrase-env VARIABLE")
            }
        }
    }

    func run() throws {
        try reportingFailures {
            let text = try readValue()
            let encoded: SecretBytes
            if json {
                encoded = try VariableEditor.jsonValue(text)
            } else {
                encoded = try VariableEdit.jsonString(text)
            }
            try VariableEditor(key: key, selection: options.selection, kdf: kdf, trustRecipients: trust.trustRecipients).apply(.set(encoded))
        }
    }

    /// The value's bytes: the argument, standard input, or the terminal.
    private func readValue() throws -> SecretBytes {
        if let value, value != InputFile.standardInput { return SecretBytes(copying: Array(value.utf8)) }
        if value == nil, isatty(STDIN_FILENO) != 0 {
            guard let typed = try SecretInput.prompt("Value for \(key): ") else {
                throw CryptoError(.secretUnavailable, "cannot ask for the value: no terminal; pass it on standard input with VALUE '-'")
            }
            return typed
        }
        return try SecretInput.standardInputValue()
    }
}

struct UnsetVariable: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unset",
        abstract: "Remove one variable of a configuration, in an environments.json or, without the plaintext touching the disk, an environments.bin.",
        discussion: """
            KEY is a dotted path (an object is removed with everything under it); the configuration \
            is -c, else the one `get` reads. A variable that is not there is an error (exit 68) and \
            nothing is written. An environments.bin is re-encrypted to the same recipients, key or \
            passphrase; an environments.json keeps every other byte as it was.
            """)

    @Argument(help: "The variable: a dotted path into the configuration.")
    var key: String

    @OptionGroup var options: EnvironmentOptions
    @OptionGroup(title: "Passphrase cost (an age passphrase file is sealed again with a new salt)") var kdf: KDFOptions
    @OptionGroup var trust: TrustRecipientsOption

    func validate() throws {
        try VariableEditor.validate(key: key, selection: options.selection)
    }

    func run() throws {
        try reportingFailures {
            try VariableEditor(key: key, selection: options.selection, kdf: kdf, trustRecipients: trust.trustRecipients).apply(.remove)
        }
    }
}

/// What `set` and `unset` share: the document read (and decrypted in memory), the change made on
/// its text, checked, sealed again the same way and written atomically, under the file's lock.
struct VariableEditor {
    let key: String
    let selection: EnvironmentSelection
    let kdf: KDFOptions
    /// `--trust-recipients`: seal to the recipients list even if the file's key does not authenticate it.
    let trustRecipients: Bool

    static func validate(key: String, selection: EnvironmentSelection) throws {
        try selection.validate()
        if selection.path == EnvironmentSelection.standardInput {
            throw ValidationError("set and unset change a file; --environments - has none to write back")
        }
        if key.isEmpty || key.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            throw ValidationError("KEY must be a variable name or a dotted path such as api.token, without empty parts")
        }
    }

    /// `--json`'s value, checked to be one JSON value and written back compactly.
    static func jsonValue(_ text: SecretBytes) throws -> SecretBytes {
        let parsed: JSONValue = try text.withUnsafeBytes { (raw) throws -> JSONValue in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            do throws(JSONParser.Failure) {
                return try parser.parseDocument()
            } catch {
                throw EnvironmentError(.malformedDocument, message: "--json: the value is not JSON: \(error.message) (at byte \(error.offset + 1))")
            }
        }
        return SecretBytes(copying: Array(parsed.jsonText().utf8))
    }

    func apply(_ change: VariableEdit.Change) throws {
        let path = selection.path
        let name = path
        // Held until the process ends: an edit, rekey or other set of the file waits meanwhile.
        let lock = try AtomicFile.lock(path)
        defer { withExtendedLifetime(lock) {} }
        let original = try InputFile.read(path)
        let encrypted = EnvironmentsBin.isEncrypted(original)
        let plaintext: SecretBytes
        var target: EnvironmentsBin.EncryptionTarget?
        if encrypted {
            let opened = try selection.secrets.open(original, name: name)
            plaintext = opened.plaintext
            // Known before anything changes: an age file whose recipients list is missing or out
            // of step is refused, as `edit` refuses it, instead of being sealed to fewer people.
            target = try opened.sameTarget(
                scryptWorkFactor: kdf.scryptWorkFactor, file: name, listed: RecipientsSidecar.listed(beside: path, trusting: trustRecipients))
        } else {
            plaintext = SecretBytes(copying: original)
        }
        let document = try EnvironmentsDocument(secretBytes: plaintext, source: encrypted ? name + " (decrypted)" : name, quotingText: !encrypted)
        let configuration = try EnvironmentSelection.currentConfiguration(selection.configuration, of: document)
        // A variable whose own name holds dots is addressed as `get` addresses it: whole first.
        let components = configuration.variables[key] != nil ? [key] : key.split(separator: ".").map(String.init)
        let edit = VariableEdit(configuration: configuration.name, path: components, change: change, source: name)
        let (changed, outcome) = try edit.apply(to: plaintext)
        if changed.isEqual(to: plaintext) {
            Console.error("\(name): \(key) in \(configuration.name) already has this value; nothing was written")
            return
        }
        // The result must still be a valid document (a value cannot break it, but a check costs little).
        _ = try EnvironmentsDocument(secretBytes: changed, source: name + " (changed)", quotingText: !encrypted)
        let bytes: Data
        var fileKey: SecretBytes?
        if let target {
            (bytes, fileKey) = try EnvironmentsBin.encryptWithFileKey(changed, to: target)
        } else {
            bytes = changed.withUnsafeBytes { Data($0) }
        }
        if (try? InputFile.read(path)) != original {
            throw EnvironmentError(
                .writeFailed, file: name,
                message: "the file changed while it was being changed (another program wrote it); nothing was written, run the command again")
        }
        try AtomicFile.write(bytes, to: path, permissions: 0o644, keepingExistingMode: true)
        // The list again, with the MAC of the new file key (the recipients are the same).
        if let target, fileKey != nil { try RecipientsSidecar.write(for: target, beside: path, fileKey: fileKey) }
        let verb: String
        switch outcome {
        case .replaced: verb = "set \(key) in"
        case .added: verb = "added \(key) to"
        case .removed: verb = "removed \(key) from"
        }
        Console.error("\(name): \(verb) the configuration \(configuration.name)" + (target.map { " (\($0.displayName))" } ?? ""))
    }
}
