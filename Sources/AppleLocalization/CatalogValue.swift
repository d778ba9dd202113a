import CLDRPlurals

/// The content of one localization in a String Catalog: a text, or variations of it by plural
/// category or by device, which may nest (`device` → `plural`).
public indirect enum CatalogValue: Sendable, Hashable {
    /// One text.
    case unit(CatalogStringUnit)
    /// One value per plural category; `other` is always present (the parser refuses a variation without it).
    case plural([PluralCategory: CatalogValue], location: SourceLocation?)
    /// One value per device (`iphone`, `ipad`, `mac`, `applewatch`, `appletv`, `applevision`, `other`).
    case device([String: CatalogValue], location: SourceLocation?)

    /// Every unit inside, with the variation path that leads to it (`plural.few`, `device.ipad`).
    public var units: [(path: String, unit: CatalogStringUnit)] {
        var result: [(String, CatalogStringUnit)] = []
        var pending: [(String, CatalogValue)] = [("", self)]
        while let (path, value) = pending.popLast() {
            let prefix = path.isEmpty ? "" : path + "."
            switch value {
            case .unit(let unit): result.append((path, unit))
            case .plural(let forms, _):
                for category in PluralCategory.allCases.reversed() {
                    if let form = forms[category] { pending.append((prefix + "plural." + category.rawValue, form)) }
                }
            case .device(let devices, _):
                for (name, device) in devices.sorted(by: { $0.key > $1.key }) { pending.append((prefix + "device." + name, device)) }
            }
        }
        return result
    }
}
