import EnvironmentCrypto

/// The plugin side of age's `recipient-v1` and `identity-v1` state machines (c2sp.org/age-plugin)
/// for KMS keys.
///
/// Phase 1 (the client's) is read to its `done`, unknown commands (grease) ignored; phase 2 (the
/// plugin's) sends errors, stanzas or file keys, each answered by the client. Every failure is
/// an `error` stanza naming the recipient or identity index it concerns, with a message that
/// names the key; the process itself fails only when the conversation breaks.
package final class PluginStateMachines {
    private let channel: any PluginChannel
    private let makeClient: () throws(KMSError) -> KMSClient
    private var client: Result<KMSClient, KMSError>?
    /// The file name for the encryption context (``AWSKMSPlugin/contextVariable``), when wrapping.
    private let fileName: String?

    /// - Parameters:
    ///   - makeClient: Makes the KMS client on first use (reading the AWS chain), so a
    ///     malformed recipient is reported without touching the configuration.
    ///   - fileName: Written into each stanza and bound as the `file` encryption context.
    package init(channel: any PluginChannel, fileName: String?, makeClient: @escaping () throws(KMSError) -> KMSClient) {
        self.channel = channel
        self.fileName = fileName
        self.makeClient = makeClient
    }

    private func kms() throws(KMSError) -> KMSClient {
        if client == nil {
            do throws(KMSError) { client = .success(try makeClient()) } catch { client = .failure(error) }
        }
        return try client!.get()
    }

    /// The encryption context for a file name: always `age-plugin: awskms` (so no other
    /// application's ciphertext passes for a stanza), and `file: NAME` when one is given.
    package static func context(fileName: String?) -> [(String, String)] {
        [("age-plugin", AWSKMSPlugin.name)] + (fileName.map { [("file", $0)] } ?? [])
    }

    // MARK: recipient-v1

    /// Wraps file keys to recipients (and keyed identities used as recipients).
    package func runRecipientV1() throws(AgeError) {
        var targets: [(kind: String, index: Int, key: Result<KMSKey, KMSError>)] = []
        var recipientCount = 0
        var identityCount = 0
        var fileKeys: [SecretBytes] = []
        var badFileKey = false
        while let stanza = try channel.read() {
            let arguments = stanza.arguments
            switch arguments[0] {
            case "add-recipient" where arguments.count == 2:
                let key: Result<KMSKey, KMSError>
                do throws(KMSError) { key = .success(try AWSKMSPlugin.key(ofRecipient: arguments[1])) } catch { key = .failure(error) }
                targets.append(("recipient", recipientCount, key))
                recipientCount += 1
            case "add-identity" where arguments.count == 2:
                let key: Result<KMSKey, KMSError>
                do throws(KMSError) {
                    guard let named = try AWSKMSPlugin.key(ofIdentity: arguments[1]) else {
                        throw KMSError(.invalidKey, "the any-key identity (*) cannot be encrypted to; use a recipient that names a KMS key")
                    }
                    key = .success(named)
                } catch { key = .failure(error) }
                targets.append(("identity", identityCount, key))
                identityCount += 1
            case "wrap-file-key":
                if stanza.body.count == 16 { fileKeys.append(stanza.body) } else { badFileKey = true }
            case "done":
                return try wrap(targets: targets, fileKeys: fileKeys, badFileKey: badFileKey)
            default:
                continue  // extension-labels, grease and anything newer: nothing to do.
            }
        }
        throw AgeError(.pluginFailure, "the age client closed the stream before 'done'")
    }

    private func wrap(targets: [(kind: String, index: Int, key: Result<KMSKey, KMSError>)], fileKeys: [SecretBytes], badFileKey: Bool) throws(AgeError) {
        var errors: [([String], String)] = []
        if badFileKey { errors.append((["error", "internal"], "age-plugin-awskms: a file key is not 16 bytes")) }
        for target in targets {
            if case .failure(let error) = target.key {
                errors.append((["error", target.kind, String(target.index)], "age-plugin-awskms: \(target.kind) \(target.index): \(error.message)"))
            }
        }
        var stanzas: [(fileIndex: Int, arguments: [String], body: [UInt8])] = []
        if errors.isEmpty {
            let context = Self.context(fileName: fileName)
            var nameArgument: [String] = []
            if let fileName { nameArgument = [String(decoding: AgeBase64.encode(Array(fileName.utf8), padded: false), as: UTF8.self)] }
            targetLoop: for target in targets {
                guard case .success(let key) = target.key else { continue }
                for (fileIndex, fileKey) in fileKeys.enumerated() {
                    do throws(KMSError) {
                        let blob = try kms().encrypt(key: key, plaintext: fileKey, context: context)
                        stanzas.append((fileIndex, [AWSKMSPlugin.stanzaType, key.textForm] + nameArgument, blob))
                    } catch {
                        errors.append(
                            (["error", target.kind, String(target.index)], "age-plugin-awskms: \(target.kind) \(target.index) (\(key)): \(error.message)"))
                        continue targetLoop
                    }
                }
            }
        }
        if !errors.isEmpty {
            // The protocol: when anything failed, no stanza at all.
            return reportAndFinish(errors)
        } else {
            for stanza in stanzas {
                try channel.command(["recipient-stanza", String(stanza.fileIndex)] + stanza.arguments, stanza.body)
            }
        }
        try channel.write(["done"])
    }

    // MARK: identity-v1

    /// One `awskms` stanza as read from a header, checked.
    struct KMSStanza {
        let key: KMSKey
        let fileName: String?
        let ciphertext: [UInt8]
    }

    /// Unwraps file keys from `awskms` stanzas with the identities given.
    package func runIdentityV1() throws(AgeError) {
        var identities: [Result<KMSKey?, KMSError>] = []
        // Stanzas by file index, in order, with their index within the file.
        var files: [Int: [(index: Int, stanza: AgeStanza)]] = [:]
        var fileOrder: [Int] = []
        while let stanza = try channel.read() {
            let arguments = stanza.arguments
            switch arguments[0] {
            case "add-identity" where arguments.count == 2:
                do throws(KMSError) { identities.append(.success(try AWSKMSPlugin.key(ofIdentity: arguments[1]))) } catch { identities.append(.failure(error)) }
            case "recipient-stanza" where arguments.count >= 3:
                guard let fileIndex = Int(arguments[1]), fileIndex >= 0 else { continue }
                if files[fileIndex] == nil { fileOrder.append(fileIndex) }
                let index = files[fileIndex]?.count ?? 0
                files[fileIndex, default: []].append((index, AgeStanza(arguments: Array(arguments.dropFirst(2)), body: stanza.publicBody)))
            case "done":
                return try unwrap(identities: identities, files: files, fileOrder: fileOrder)
            default:
                continue
            }
        }
        throw AgeError(.pluginFailure, "the age client closed the stream before 'done'")
    }

    private func unwrap(identities: [Result<KMSKey?, KMSError>], files: [Int: [(index: Int, stanza: AgeStanza)]], fileOrder: [Int]) throws(AgeError) {
        var identityErrors: [([String], String)] = []
        for (index, identity) in identities.enumerated() {
            if case .failure(let error) = identity {
                identityErrors.append((["error", "identity", String(index)], "age-plugin-awskms: identity \(index): \(error.message)"))
            }
        }
        guard identityErrors.isEmpty else { return reportAndFinish(identityErrors) }
        var reportedErrors = false
        fileLoop: for fileIndex in fileOrder {
            var stanzas: [KMSStanza] = []
            for (stanzaIndex, stanza) in files[fileIndex] ?? [] where stanza.type == AWSKMSPlugin.stanzaType {
                do throws(KMSError) {
                    stanzas.append(try Self.check(stanza))
                } catch {
                    guard
                        send(
                            ["error", "stanza", String(fileIndex), String(stanzaIndex)],
                            "age-plugin-awskms: file \(fileIndex), stanza \(stanzaIndex): \(error.message)")
                    else { return }
                    reportedErrors = true
                    continue fileLoop
                }
            }
            guard !stanzas.isEmpty else { continue }
            var failures: [(identity: Int, message: String)] = []
            for (identityIndex, identity) in identities.enumerated() {
                guard case .success(let wanted) = identity else { continue }
                for stanza in stanzas where wanted == nil || wanted == stanza.key {
                    let fileKey: SecretBytes
                    do throws(KMSError) {
                        fileKey = try kms().decrypt(key: stanza.key, ciphertext: stanza.ciphertext, context: Self.context(fileName: stanza.fileName))
                    } catch {
                        failures.append((identityIndex, error.message))
                        continue
                    }
                    guard fileKey.count == 16 else {
                        failures.append((identityIndex, "KMS unwrapped \(fileKey.count) bytes with \(stanza.key), not a 16-byte file key"))
                        continue
                    }
                    try channel.command(AgePluginStanza(["file-key", String(fileIndex)], body: fileKey))
                    continue fileLoop
                }
            }
            // No identity unwrapped this file: say why, once per identity that tried.
            var reported: Set<Int> = []
            for failure in failures where !reported.contains(failure.identity) {
                reported.insert(failure.identity)
                let messages = failures.filter { $0.identity == failure.identity }.map(\.message).joined(separator: "; ")
                guard send(["error", "identity", String(failure.identity)], "age-plugin-awskms: identity \(failure.identity): \(messages)") else { return }
                reportedErrors = true
            }
        }
        if reportedErrors { try? channel.write(["done"]) } else { try channel.write(["done"]) }
    }

    /// Sends each error (answered `ok`), then `done`. A client may hang up after the first
    /// error it reads (it has what it needs to fail): writing to it then is not a failure of
    /// the plugin's, and nothing more is sent.
    private func reportAndFinish(_ errors: [([String], String)]) {
        for (arguments, message) in errors {
            guard send(arguments, message) else { return }
        }
        try? channel.write(["done"])
    }

    /// Sends one error and reads its answer; `false` when the client has gone.
    private func send(_ arguments: [String], _ message: String) -> Bool {
        (try? channel.command(arguments, Array(message.utf8))) != nil
    }

    /// An `awskms KEY [BASE64(FILE)]` stanza with a non-empty body, or why it is malformed.
    static func check(_ stanza: AgeStanza) throws(KMSError) -> KMSStanza {
        let arguments = stanza.arguments
        guard arguments.count == 2 || arguments.count == 3 else {
            throw KMSError(.invalidKey, "an awskms stanza has a key and an optional file name, not \(arguments.count - 1) arguments")
        }
        let key = try KMSKey(textForm: arguments[1])
        var fileName: String?
        if arguments.count == 3 {
            guard let bytes = AgeBase64.decode(arguments[2].utf8, padded: false), let name = String(validating: bytes, as: UTF8.self) else {
                throw KMSError(.invalidKey, "the file name of an awskms stanza is not base64 of UTF-8 text")
            }
            fileName = name
        }
        guard !stanza.body.isEmpty, stanza.body.count <= 6144 else {
            throw KMSError(.invalidKey, "the body of an awskms stanza is not a KMS ciphertext blob (\(stanza.body.count) bytes)")
        }
        return KMSStanza(key: key, fileName: fileName, ciphertext: stanza.body)
    }
}
