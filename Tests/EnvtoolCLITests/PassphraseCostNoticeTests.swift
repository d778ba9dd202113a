import Foundation
import Testing

/// `rekey --to age` keeping a passphrase makes every read run scrypt; it says so (issue #37, item 4).
@Suite("envtool: rekey says what a passphrase age file costs")
struct PassphraseCostNoticeTests {
    @Test("rekey --to age from a v1 passphrase file states scrypt's memory and time and suggests recipients; to recipients it says nothing")
    func notice() throws {
        let workspace = try Workspace()
        let secret = ["PW": "a shared team passphrase"]
        #expect(
            try workspace.run(
                ["encrypt", "environments/environments.json", "-o", "env.bin", "--passphrase-env", "PW", "--kdf-passes", "1", "--kdf-memory-kib", "8"],
                environment: secret
            ).status == 0)
        let rekeyed = try workspace.run(["rekey", "env.bin", "--to", "age", "--passphrase-env", "PW", "--scrypt-work-factor", "18"], environment: secret)
        #expect(rekeyed.status == 0, "\(rekeyed.stderr)")
        #expect(
            rekeyed.stderr.contains(
                "note: every read of this file (get, print, run, the app) now runs scrypt at work factor 18: 256 MiB of memory and about 1 to 2 s each"),
            "\(rekeyed.stderr)")
        #expect(rekeyed.stderr.contains("envtool rekey env.bin --new-recipient age1…"))
        #expect(!rekeyed.stderr.contains(secret["PW"]!))
        // Already a passphrase age file: nothing new to say.
        let again = try workspace.run(["rekey", "env.bin", "--to", "age", "--passphrase-env", "PW", "--scrypt-work-factor", "10"], environment: secret)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!again.stderr.contains("note: every read"))
        // To recipients: no notice.
        let key = try AgeCommandTests.keys(workspace, ["a.key"])[0]
        let toRecipient = try workspace.run(["rekey", "env.bin", "--passphrase-env", "PW", "--new-recipient", key.recipient], environment: secret)
        #expect(toRecipient.status == 0, "\(toRecipient.stderr)")
        #expect(!toRecipient.stderr.contains("note: every read"))
    }
}
