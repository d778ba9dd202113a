import Foundation
import Testing

/// Headless Chromium (Debian's `chromium`), as the tests run it: as root, so without its sandbox.
enum Chromium {
    static let path = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static let works: Bool = {
        guard let path else { return false }
        return
            (try? EnvtoolProcess.run(
                ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", "about:blank"], in: NSTemporaryDirectory(),
                executable: path, killingAfter: 120
            ).status) == 0
    }()

    /// The DOM of `file` once loaded, and the console messages the page caused (Chromium logs
    /// each as `…:CONSOLE:…] "message", source: …`; a page without scripts has none, and a
    /// script that throws or that the page's policy blocks gives one).
    static func load(_ file: String, in directory: String) throws -> (dom: String, console: [String]) {
        let result = try EnvtoolProcess.run(
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0", "--dump-dom",
                URL(fileURLWithPath: file).absoluteString,
            ],
            in: directory, executable: path ?? "chromium", killingAfter: 120)
        #expect(result.status == 0 && !result.wasKilled, "\(result.stderr)")
        return (result.stdout, result.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init))
    }
}
