import EnvironmentKit

/// The configurations of a document, as the generator reads them.
enum EnvironmentsFixture {
    static func configurations(of path: String) throws -> [(name: String, variables: JSONObject)] {
        let document = try EnvironmentsDocument(contentsOf: path)
        return try document.configurationNames.map { ($0, try document.configuration(named: $0).variables) }
    }
}
