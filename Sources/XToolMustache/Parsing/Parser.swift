/// Parses template sources into node trees.
enum Parser {
    /// The nodes of `source`, or the first error in it.
    static func parse(_ source: String, name: String) throws(MustacheError) -> [Node] {
        let text = SourceText(source, name: name)
        var scanner = TagScanner(text)
        var matcher = TagMatcher(text)
        var tags: [Tag] = []
        while let tag = try scanner.next() {
            tags.append(tag)
            try matcher.add(tags.count - 1, of: &tags)
        }
        try matcher.finish(tags)
        return TreeBuilder.build(text, tags: tags)
    }
}
