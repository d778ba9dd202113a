import AppleLocalization
import Foundation

/// `.xcstrings`: the catalog parser (`StringCatalog(data:path:)`), then lookups of its keys
/// through `AppleStringsLookup` (variations by device and plural, substitutions, formatting).
/// Input: `catalog NUL arg NUL …`; the arguments are read as numbers when they are.
enum StringCatalogHarness {
    static func run(_ input: UnsafeRawBufferPointer) {
        let parts = FuzzInput.parts(of: input, limit: 6)
        let data = Data(parts[0])
        guard let catalog = try? StringCatalog(data: data, path: "Localizable.xcstrings") else { return }
        _ = catalog.languages
        let path = TemporaryFiles.write(data, as: "Localizable.xcstrings", in: "xcstrings")
        let lookup = AppleStringsLookup(directory: (path as NSString).deletingLastPathComponent)
        let chain = Array(catalog.languages.prefix(3).map { $0.lowercased() }) + ["en", "base"]
        let arguments = AppleFormatArguments.parse(parts.dropFirst())
        for key in catalog.keys.prefix(8) {
            for device in ["other", "iphone", "mac"] {
                _ = lookup.string(forKey: key, table: "Localizable", languageChain: chain, arguments: arguments, device: device)
            }
            _ = lookup.string(forKey: key, table: "Localizable", languageChain: ["ru", "base"], arguments: AppleFormatArguments.fixed)
        }
        _ = lookup.diagnostics()
    }
}
