import Foundation

@testable import SwiftAccessorGenerator

/// A temporary directory holding one environments document (and translations), removed at deinit.
final class GeneratorWorkspace {
    private let root: String
    /// The folder of the document: the temporary directory, or `folder` inside it.
    let path: String
    let documentName: String

    init(document: String, files: [String: String] = [:], folder: String? = nil, documentName: String = "environments.json") throws {
        let root = NSTemporaryDirectory() + "envtool-generator-" + UUID().uuidString
        self.root = root
        path = folder.map { root + "/" + $0 } ?? root
        self.documentName = documentName
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try write(documentName, document)
        for (name, content) in files { try write(name, content) }
    }

    func write(_ name: String, _ content: String) throws {
        let file = (path as NSString).appendingPathComponent(name)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(content.utf8).write(to: URL(fileURLWithPath: file))
    }

    var documentPath: String { (path as NSString).appendingPathComponent(documentName) }

    func generate() throws -> AccessorGenerator.Output {
        try AccessorGenerator(environmentsPath: documentPath).generate()
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }
}

/// A document of the given configurations (name → variables JSON), languages `en`.
func document(_ configurations: [(String, String)]) -> String {
    let body = configurations.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ")
    return "{\"languages\": [\"en\"], \"configurations\": {\(body)}}"
}

/// The fixtures copied into the test bundle.
let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures").path
