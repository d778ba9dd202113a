func dynamic(env: AppEnvironment, name: String, key: String, table: String) {
    let closure = {
        [1, 2].map { _ in
            env.localizedString("nested.deep")
        }
    }
    _ = NSLocalizedString("hello \(name)", comment: "")
    _ = env.translate(key)
    _ = NSLocalizedString("tabled", tableName: table, comment: "")
    _ = Text(key)
    _ = String(localized: "prefix." + key)
}
