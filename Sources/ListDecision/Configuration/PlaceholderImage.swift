/// The illustration of a placeholder (DZNEmptyDataSet's `imageForEmptyDataSet`).
///
/// The file lives under the static folder, so the page's
/// `Content-Security-Policy: img-src 'self'` holds.
public struct PlaceholderImage: Sendable, Hashable {
    /// How the illustration moves. Every animation stops under
    /// `prefers-reduced-motion: reduce` (WCAG 2.2 SC 2.3.3).
    public enum Animation: String, Sendable, Hashable, CaseIterable {
        /// Still.
        case none
        /// A slow full turn, for loading.
        case spin
        /// A gentle fade in and out.
        case pulse
    }

    /// The path below the static folder (`illustrations/loading.svg`): no scheme,
    /// no leading `/`, no `..` segment; served at `/static/` + path.
    public var path: String
    /// The text alternative; `nil` or empty marks the image decorative (`alt=""`).
    public var alternativeText: LocalizedText?
    /// The intrinsic width in CSS pixels, 1...1024.
    public var width: Int
    /// The intrinsic height in CSS pixels, 1...1024.
    public var height: Int
    /// The animation.
    public var animation: Animation

    /// Creates an illustration.
    ///
    /// - Parameters:
    ///   - path: The path below the static folder.
    ///   - alternativeText: The text alternative, or `nil` for a decorative image.
    ///   - width: The intrinsic width in CSS pixels.
    ///   - height: The intrinsic height in CSS pixels.
    ///   - animation: The animation; default none.
    public init(
        path: String, alternativeText: LocalizedText? = nil, width: Int = 96, height: Int = 96,
        animation: Animation = .none
    ) {
        self.path = path
        self.alternativeText = alternativeText
        self.width = width
        self.height = height
        self.animation = animation
    }

    /// Whether `path` is a safe relative path below the static folder.
    public static func isSafePath(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"), !path.contains(":"),
            !path.contains("?"), !path.contains("#")
        else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { segment in
            !segment.isEmpty && segment != "." && segment != ".."
                && segment.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0.value != 0x7F && $0 != "\"" && $0 != "'" }
        }
    }
}
