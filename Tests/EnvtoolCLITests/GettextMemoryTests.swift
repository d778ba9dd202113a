import Foundation
import Testing

/// A large `.po` is read in memory a small multiple of its size (issue #33: an 81 MB file took
/// 2 GB): the file is held once, and what is made of it is the model, not copies of its text.
@Suite("a large .po is read in a small multiple of its size")
struct GettextMemoryTests {
    /// GNU time, which reports its child's peak resident size. It forks a process of its own
    /// small size, so the figure is envtool's alone: a child spawned from this test process
    /// (vfork, as `posix_spawn` does) would count this process's peak as its own.
    static let time = "/usr/bin/time"

    /// A `.po` of at least `bytes` bytes, as gettext's tools and Poedit leave them: plurals,
    /// contexts, references, flags, comments, escapes, wrapped strings, untranslated, fuzzy and
    /// obsolete entries.
    static func largePO(bytes: Int) -> String {
        var text = """
            # German translation.
            msgid ""
            msgstr ""
            "Project-Id-Version: big\\n"
            "Language: de\\n"
            "MIME-Version: 1.0\\n"
            "Content-Type: text/plain; charset=UTF-8\\n"
            "Content-Transfer-Encoding: 8bit\\n"
            "Plural-Forms: nplurals=2; plural=(n != 1);\\n"


            """
        text.reserveCapacity(bytes + 1024)
        var index = 0
        while text.utf8.count < bytes {
            switch index % 5 {
            case 0:
                text += """
                    # translator note \(index)
                    #. extracted comment for \(index)
                    #: src/module\(index % 97)/file\(index).c:\(index % 1000) src/other/file\(index).c:\(index % 300)
                    #, c-format
                    msgid "%d file in folder %s number \(index)"
                    msgid_plural "%d files in folder %s number \(index)"
                    msgstr[0] "%d Datei im Ordner %s Nummer \(index) äöü"
                    msgstr[1] "%d Dateien im Ordner %s Nummer \(index) äöü"


                    """
            case 1:
                text += """
                    #: src/view\(index).swift:\(index % 500)
                    #, fuzzy
                    msgctxt "menu\(index % 13)"
                    msgid "Open the document called %s now \(index)"
                    msgstr "Öffne das Dokument namens %s jetzt \(index)"


                    """
            case 2:
                text += """
                    #: src/long\(index).c:1
                    msgid ""
                    "A long message that is wrapped over "
                    "several lines with an escape \\"quoted\\" \(index)\\n"
                    msgstr ""
                    "Eine lange Nachricht, die über "
                    "mehrere Zeilen geht \\"zitiert\\" \(index)\\n"


                    """
            case 3:
                text += "#: src/untranslated\(index).c:9\nmsgid \"Untranslated message \(index) with %(name)s\"\nmsgstr \"\"\n\n"
            default:
                text += "#, python-format\nmsgid \"Hello %(name)s, you have \(index) messages\"\nmsgstr \"Hallo %(name)s, du hast \(index) Nachrichten\"\n\n"
            }
            index += 1
        }
        return text + "#~ msgid \"obsolete\"\n#~ msgstr \"veraltet\"\n"
    }

    /// The commands that read a whole `.po`, each with the most memory it may take beyond a tiny
    /// file's, in multiples of the file's size: a conversion to another format (which also
    /// holds every loss it reports and the i18next writer's tree), to `.po` (which keeps the
    /// file's bytes to give them back), the status and the lint. Before the reader stopped
    /// copying the text these were 18×, 16×, 17× and 18× (issue #33); then about 13×, 9×, 7×
    /// and 7.5× (texts made from scalars are their own size, the i18next document is never grown
    /// by doubling, each issue is held once); now 11.5×, 8×, 6× and 6× (the warnings' summary
    /// keeps a count and the first keys of each kind, not a copy of its issues; a writer holds
    /// each issue as its key and a position among the reasons; the reader lets each message's
    /// texts go once its entry is made); now 6.4×, 7.7×, 5.8× and 6.3× (a plural's and a
    /// position's fields boxed out of every entry, an issue's words shared by the issues that say
    /// them, and `convert` handing its tables to the writer, so that no copy of the entries is
    /// filtered or sorted beside them). What is left is the file itself, the model (an entry, a
    /// piece list and the strings of each message) and the output.
    static let commands: [(arguments: [String], bound: Double)] = [
        (["i18n", "convert", "--from", "po/de.po", "--to", "out", "--format", "i18next"], 7.0),
        (["i18n", "convert", "--from", "po/de.po", "--to", "out.po"], 8.3),
        (["i18n", "status", "po", "--from-format", "po"], 6.2),
        (["i18n", "lint", "po", "--from-format", "po"], 6.7),
    ]

    /// envtool's peak resident size in KiB, running `arguments` in `workspace`.
    static func peakKiB(_ arguments: [String], in workspace: Workspace) throws -> Int {
        let report = workspace.path + "/peak-\(UUID().uuidString)"
        let result = try EnvtoolProcess.run(
            ["-f", "%M", "-o", report, EnvtoolProcess.executable] + arguments, in: workspace.path,
            environment: ["XDG_CONFIG_HOME": workspace.configHome], executable: time)
        #expect(result.status == 0 || result.status == 1, "\(arguments): \(result.stderr.prefix(2000))")
        let text = try String(contentsOfFile: report, encoding: .utf8)
        let kib = text.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return try #require(kib, "GNU time reported \(text)")
    }

    @Test(
        "peak memory of a 30 MiB .po stays within a bound, a multiple of its size beyond a tiny file's",
        .enabled(if: FileManager.default.isExecutableFile(atPath: time), "needs GNU time (/usr/bin/time, the Debian package time)"),
        arguments: commands)
    func boundedByTheFileSize(_ command: (arguments: [String], bound: Double)) throws {
        let workspace = try Workspace(copySample: false)
        try workspace.write("po/de.po", Self.largePO(bytes: 0))
        let baseline = try Self.peakKiB(command.arguments, in: workspace)
        try? FileManager.default.removeItem(atPath: workspace.path + "/out")
        try? FileManager.default.removeItem(atPath: workspace.path + "/out.po")
        let text = Self.largePO(bytes: 30 << 20)
        try workspace.write("po/de.po", text)
        let sizeKiB = text.utf8.count / 1024
        let peak = try Self.peakKiB(command.arguments, in: workspace)
        #expect(
            Double(peak) <= Double(baseline) + command.bound * Double(sizeKiB),
            "\(command.arguments.joined(separator: " ")): peak \(peak / 1024) MiB for a \(sizeKiB / 1024) MiB .po, \(String(format: "%.1f", Double(peak - baseline) / Double(sizeKiB)))× its size beyond the \(baseline / 1024) MiB of a tiny one"
        )
    }
}
