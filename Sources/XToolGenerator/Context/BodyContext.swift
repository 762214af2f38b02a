import XToolSpec

// `body:`'s one home in the context layer: how an argument that is the whole body reaches the
// `Arguments` partial (`ParameterContext`'s `wholeBody` and `fileBody`), made from
// `Spec.WholeBody`, the way the reader says the body is sent.

/// The whole-body facts of one argument: at most one is true; neither for a parameter of
/// `params:`, which is sent by its `location`.
struct BodyContext: Sendable, Hashable {
    /// The argument is the request's whole JSON body.
    var wholeBody: Bool
    /// The argument is a file whose bytes are the request's whole body.
    var fileBody: Bool

    /// The facts of an argument sent as `body` says; nil: not the whole body.
    init(_ body: Spec.WholeBody?) {
        wholeBody = body == .json
        fileBody = body == .file
    }
}
