import Foundation
import Testing

@testable import EnvironmentCrypto

extension AgeSuite {
    /// Both directions against the real `age` and `age-keygen` (Debian package `age`, which
    /// scripts/test installs), run as processes.
    @Suite("age v1: interop with the age CLI")
    struct Interop {
        static func tool(_ name: String) -> String? {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            return (path.split(separator: ":").map { "\($0)/\(name)" } + ["/usr/bin/\(name)"])
                .first { FileManager.default.isExecutableFile(atPath: $0) }
        }

        /// `age` or a recorded issue that says how to get it.
        static func require(_ name: String) throws -> String {
            guard let path = tool(name) else {
                Issue.record("\(name) is not installed; install the Debian package age (scripts/test does)")
                throw CancellationError()
            }
            return path
        }

        /// Identities made by `age-keygen -o`, with their recipients as `age-keygen -y` prints them.
        static func keygen(_ scratch: Scratch, count: Int = 3, name: String = "key") throws -> [(path: String, recipient: String)] {
            let keygen = try require("age-keygen")
            return try (0..<count).map { index in
                let path = scratch.path + "/\(name)\(index).txt"
                let made = try runProcess(keygen, ["-o", path])
                #expect(made.status == 0, "\(made.stderr)")
                let shown = try runProcess(keygen, ["-y", path])
                return (path, shown.text.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }

        /// Runs `age` on a pseudo-terminal (it reads passphrases only from the terminal), answering
        /// every passphrase prompt with `passphrase`.
        static func ageOnTerminal(_ arguments: [String], passphrase: String, in scratch: Scratch) throws -> ProcessResult {
            let driver = """
                import os, pty, sys
                pid, fd = pty.fork()
                if pid == 0:
                    os.execv(sys.argv[1], sys.argv[1:])
                answer = os.environ["AGE_TEST_PASSPHRASE"].encode() + b"\\n"
                seen, answered = b"", 0
                while True:
                    try:
                        data = os.read(fd, 1024)
                    except OSError:
                        break
                    if not data:
                        break
                    seen += data
                    while seen.count(b"passphrase") > answered:
                        os.write(fd, answer)
                        answered += 1
                _, status = os.waitpid(pid, 0)
                sys.stderr.buffer.write(seen)
                sys.exit(os.waitstatus_to_exitcode(status))
                """
            let script = scratch.write("drive-age.py", Array(driver.utf8))
            var environment = ProcessInfo.processInfo.environment
            environment["AGE_TEST_PASSPHRASE"] = passphrase
            return try runProcess("/usr/bin/env", ["python3", script, try require("age")] + arguments, environment: environment)
        }

        @Test("age -d -i decrypts what envtool encrypted to several recipients, binary and armored", arguments: [false, true])
        func envtoolToAge(armored: Bool) throws {
            let scratch = Scratch()
            let age = try Self.require("age")
            let keys = try Self.keygen(scratch)
            // The library reads age-keygen's files (mode 0600, comments) and agrees on the recipients.
            for key in keys {
                #expect(try AgeIdentityFile.read(path: key.path).compactMap { ($0 as? AgeIdentity)?.recipient.encoded } == [key.recipient])
            }
            let plain = AgeTests.plaintext(150_000)
            let sealed = try AgeFile.encrypt(plain, to: try keys.map { try AgeRecipient($0.recipient) }, armored: armored)
            let file = scratch.write("environments.bin", sealed)
            for key in keys {
                let result = try runProcess(age, ["-d", "-i", key.path, file])
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stdout == plain)
            }
            let stranger = try Self.keygen(scratch, count: 1, name: "stranger")[0]
            let refused = try runProcess(age, ["-d", "-i", stranger.path, file])
            #expect(refused.status != 0 && refused.stdout.isEmpty)
        }

        @Test("envtool decrypts age -r … -R recipients-file-with-comments, with each identity; a wrong one is no match")
        func ageToEnvtool() throws {
            let scratch = Scratch()
            let age = try Self.require("age")
            let keys = try Self.keygen(scratch, count: 4)
            let recipientsFile = scratch.write(
                "recipients.txt",
                Array(
                    """
                    # the team
                    \(keys[1].recipient)

                    # CI runner
                    \(keys[2].recipient)

                    """.utf8))
            #expect(try AgeRecipientsFile.read(path: recipientsFile).map(\.encoded) == [keys[1].recipient, keys[2].recipient])
            let plain = AgeTests.plaintext(70_000)
            let input = scratch.write("plain.json", plain)
            let output = scratch.path + "/environments.bin"
            let made = try runProcess(age, ["-r", keys[0].recipient, "-R", recipientsFile, "-o", output, input])
            #expect(made.status == 0, "\(made.stderr)")
            let sealed = try Data(contentsOf: URL(fileURLWithPath: output))
            for key in keys.prefix(3) {
                #expect(try AgeFile.decrypt(sealed, with: try AgeIdentityFile.read(path: key.path)).data == plain)
            }
            let error = #expect(throws: AgeError.self) {
                try AgeFile.decrypt(sealed, with: try AgeIdentityFile.read(path: keys[3].path))
            }
            #expect(error?.kind == .noMatch)
            #expect(error?.message.contains("3 × X25519") == true, "\(String(describing: error))")
        }

        @Test("envtool decrypts age -a (armor)")
        func armored() throws {
            let scratch = Scratch()
            let age = try Self.require("age")
            let key = try Self.keygen(scratch, count: 1)[0]
            let plain = AgeTests.plaintext(100)
            let input = scratch.write("plain", plain)
            let made = try runProcess(age, ["-a", "-r", key.recipient, input])
            #expect(made.status == 0, "\(made.stderr)")
            #expect(made.text.hasPrefix("-----BEGIN AGE ENCRYPTED FILE-----\n"))
            #expect(try AgeFile.decrypt(made.stdout, with: try AgeIdentityFile.read(path: key.path)).data == plain)
        }

        @Test("passphrases both ways: envtool reads age -p, age -d reads envtool's scrypt file")
        func passphrase() throws {
            let scratch = Scratch()
            let plain = AgeTests.plaintext(1000)
            let input = scratch.write("plain", plain)
            let output = scratch.path + "/by-age.bin"
            let made = try Self.ageOnTerminal(["-p", "-o", output, input], passphrase: "correct horse battery", in: scratch)
            #expect(made.status == 0, "\(made.stderr)")
            let sealed = try Data(contentsOf: URL(fileURLWithPath: output))
            #expect(try AgeFile.decrypt(sealed, with: [try Passphrase("correct horse battery")]).data == plain)
            let wrong = #expect(throws: AgeError.self) { try AgeFile.decrypt(sealed, with: [try Passphrase("correct horse")]) }
            #expect(wrong?.kind == .noMatch)

            let ours = scratch.write(
                "by-envtool.bin", try AgeFile.encrypt(plain, to: [ScryptRecipient(passphrase: try Passphrase("tr0ub4dor"), workFactor: 14)]))
            let decrypted = scratch.path + "/decrypted"
            let read = try Self.ageOnTerminal(["-d", "-o", decrypted, ours], passphrase: "tr0ub4dor", in: scratch)
            #expect(read.status == 0, "\(read.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: decrypted)) == plain)
        }

        @Test("an identity file envtool generates is one age-keygen and age -d accept")
        func generatedIdentity() throws {
            let scratch = Scratch()
            let age = try Self.require("age")
            let (identity, text) = try AgeIdentityFile.generate()
            let path = scratch.write("identity.txt", text.data)
            let shown = try runProcess(try Self.require("age-keygen"), ["-y", path])
            #expect(shown.text.trimmingCharacters(in: .whitespacesAndNewlines) == identity.recipient.encoded)
            let input = scratch.write("plain", Array("hello".utf8))
            let made = try runProcess(age, ["-r", identity.recipient.encoded, input])
            let file = scratch.write("sealed", made.stdout)
            let read = try runProcess(age, ["-d", "-i", path, file])
            #expect(read.text == "hello")
        }
    }
}
