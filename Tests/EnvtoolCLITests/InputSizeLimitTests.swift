import Foundation
import Testing

/// Issue #33, item 6: a file given with `-e` had no size cap (a 2 GiB `.bin` took 4.2 GB of
/// memory) while standard input was capped at 256 MiB; now one limit holds for both.
@Suite("one input size limit (256 MiB) for files and standard input")
struct InputSizeLimitTests {
    @Test(
        "a file over the limit is refused before it is read, by every way a file comes in",
        arguments: [
            ["get", "base_url", "-e", "huge.bin"], ["print", "-e", "huge.json"], ["decrypt", "huge.bin", "-o", "out.json"],
            ["inspect", "huge.bin"], ["validate", "-e", "huge.json"],
        ])
    func overTheLimit(arguments: [String]) throws {
        let workspace = try Workspace(copySample: false)
        for name in ["huge.bin", "huge.json"] {
            // Sparse: the size is there without the disk or the time to write it.
            #expect(FileManager.default.createFile(atPath: workspace.path + "/" + name, contents: Data("{".utf8)))
            #expect(truncate(workspace.path + "/" + name, 257 << 20) == 0)
        }
        let result = try workspace.run(arguments, environment: ["ENVTOOL_PASSPHRASE": "unused"], killingAfter: 60)
        #expect(!result.wasKilled)
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr.contains("the input is larger than 256 MiB, envtool's limit for a file or standard input"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: workspace.path + "/out.json"))
    }
}
