/// One run per plugin: a list of recipients or identities with the plugin ones gathered into
/// one group per plugin, at the place of that plugin's first member; every other item keeps its
/// place. ``AgeFile`` writes and opens files through the grouped lists.
enum AgePluginGrouping {
    /// `items` grouped: `member` tells an item of a plugin (and which), `group` makes the item
    /// that stands for a plugin's members, in the order they came.
    static func grouped<Item, Member>(
        _ items: [Item], member: (Item) -> Member?, pluginName: (Member) -> String,
        group: (String, [Member]) -> Item
    ) -> [Item] {
        // Without plugins (nearly always) the list is returned as it is: the first use of the
        // places array instantiates its generic metadata, ~70k instructions on every
        // `envtool get` from an age file.
        guard items.contains(where: { member($0) != nil }) else { return items }
        // Each place holds an item kept as it is, or the name of a plugin whose group goes there.
        var places: [(item: Item?, plugin: String?)] = []
        var members: [String: [Member]] = [:]
        for item in items {
            guard let plugin = member(item) else {
                places.append((item, nil))
                continue
            }
            let name = pluginName(plugin)
            if members[name] == nil { places.append((nil, name)) }
            members[name, default: []].append(plugin)
        }
        return places.map { place in place.item ?? group(place.plugin!, members[place.plugin!]!) }
    }
}
