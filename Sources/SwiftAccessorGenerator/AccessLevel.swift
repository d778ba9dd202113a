/// The access level of the generated declarations.
package enum AccessLevel: String, Sendable, CaseIterable {
    /// Visible in the module only: the right level for a build-tool plugin's output.
    case `internal`
    /// Visible to importers of the module.
    case `public`
    /// Visible in the package.
    case `package`

    var modifier: SwiftCode {
        switch self {
        case .internal: ""
        case .public: "public "
        case .package: "package "
        }
    }
}
