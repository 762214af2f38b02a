import Testing

/// Schemas as models, on the documents of `Fixtures/`.
@Suite struct ImportedSchemaTests {
    /// `allOf: [$ref: Track]` beside a description is `Track`, and so is a component that says
    /// only that; an `allOf` that adds properties is a model with both parts' fields.
    @Test func anAllOfOfOneReferenceIsTheReferencedType() throws {
        let text = try ImportedFixture.spec("allof-references.yaml")
        #expect(
            text.contains(
                """
                models:
                  Track:
                    fields:
                      id: String
                      name: String?
                  Playlist:
                    fields:
                      first: { type: Track, summary: The first track. }
                      last: { type: Track?, summary: "The last track, none when the playlist is empty." }
                      song: Track
                      featured: { type: PlaylistFeatured?, summary: A track with the reason it is featured. }
                  PlaylistFeatured:
                    fields:
                      id: String
                      name: String?
                      reason: String?

                """), "\(text)")
        #expect(!text.contains("Song"))
    }
}
