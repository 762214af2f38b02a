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

    /// Integer values the document names become an integer enum with those names as cases
    /// (`unknown` left to its `unknown(Int)` case); strings written as constants a string enum;
    /// integers without names the number, with the values in a note.
    @Test func namedIntegerValuesAreAnIntegerEnum() throws {
        let text = try ImportedFixture.spec("named-enums.yaml")
        #expect(
            text.contains(
                """
                          id: String
                          # also 99 (UNKNOWN), held by the enum's unknown case (no case name of its own)
                          type: { enum: { GUILD_TEXT: 0, DM: 1, GUILD_VOICE: 2 }, optional: true }
                        response: Channel
                """), "\(text)")
        #expect(
            text.contains(
                """
                  Channel:
                    fields:
                      id: String
                      # also 99 (UNKNOWN), held by the enum's unknown case (no case name of its own)
                      type: { enum: { GUILD_TEXT: 0, DM: 1, GUILD_VOICE: 2 } }
                      # also 99 (UNKNOWN), held by the enum's unknown case (no case name of its own)
                      parent_type: { enum: { GUILD_TEXT: 0, DM: 1, GUILD_VOICE: 2 }, optional: true }
                      integration: { enum: [discord, youtube], optional: true }
                      video_quality: { enum: { AUTO: 1, FULL: 2 }, optional: true }
                      sort_order: { enum: { LatestActivity: 0, CreationDate: 1 }, optional: true }
                      # one of: 1, 2, 4
                      flags: Int?
                      # one of: 0 (GUILD_TEXT), 1 (DM), 2 (GUILD_VOICE)
                      allowed_types: "[Int]?"

                """), "\(text)")
    }

    /// A model sent in a request leaves out what the server sets (`readOnly`), one read from a
    /// response lacks what only requests send (`writeOnly`): such fields are optional.
    @Test func oneWayFieldsAreOptionalWhereTheyCanBeMissing() throws {
        let text = try ImportedFixture.spec("one-way-fields.yaml")
        #expect(
            text.contains(
                """
                  Task:
                    fields:
                      # read-only: set by the server, so a request leaves it out
                      gid: String?
                      # read-only: set by the server, so a request leaves it out
                      created_at: Date?
                      name: String
                      # write-only: sent in requests, never in a response
                      password: String?

                """), "\(text)")
    }
}
