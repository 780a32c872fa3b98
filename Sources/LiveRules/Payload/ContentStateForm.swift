/// What a pack's pushes carry as the Live Activity's `content-state`: `"contentState"` in
/// `pack.json`'s `"push"` (and `"presentationKey"` with `"both"`).
///
/// The device cannot run the rules: for the badge, the fields of each placement and the colours
/// to reach the screen, the push carries the presentation in its device form
/// (``Presentation/deviceForm``), which the `LiveRulesActivity` library decodes.
public enum ContentStateForm: Sendable, Hashable {
    /// The app's own content state, as the schema describes it (`"state"`, the default).
    case state
    /// The presentation alone (`"presentation"`).
    case presentation
    /// The app's content state with the presentation under `key` (`"both"`, `"presentationKey"`,
    /// by default `"presentation"`), for an app that needs its state as well.
    case both(key: String)

    /// The spellings of `"contentState"`.
    static let spellings = ["state", "presentation", "both"]
    /// The key of the presentation with `"both"` when `pack.json` names none.
    public static let defaultKey = "presentation"
}
