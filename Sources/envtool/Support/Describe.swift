/// How commands name things in their one-line reports. What a file was encrypted to is the
/// library's ``EnvironmentsBin/EncryptionTarget/displayName``.
enum Describe {
    /// A count with its noun in agreement: "1 configuration", "5 configurations", "0 tables".
    static func count(_ number: Int, _ singular: String, plural: String? = nil) -> String {
        "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
    }
}
