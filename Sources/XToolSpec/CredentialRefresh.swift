extension Spec {
    /// What renews the API's credentials when the server says they expired (`refresh:`): the
    /// responses that say so, and the app's closure that renews them.
    package struct CredentialRefresh: Sendable, Hashable {
        /// The API initializer's argument that takes the app's refresh closure (a valid identifier,
        /// back-quoted if it is a keyword).
        package var label: String
        /// The HTTP statuses that mean the credentials expired (401 unless the spec says otherwise).
        package var statuses: [Int]
        /// The failure codes that mean it, as text: the envelope's `code`, or the error body's.
        package var codes: [String]
        /// The wire names of the fixed parameters and headers whose provided values the refresh
        /// renews; a request that sends none of them is never refreshed.
        package var renews: [String]
    }
}
