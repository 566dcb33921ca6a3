import Mustache
import Testing

/// Spec "Comments".
@Suite struct CommentTests {
    @Test func commentsPrintNothing() throws {
        #expect(try render("12345{{! Comment Block! }}67890") == "1234567890")
    }

    @Test func multilineComments() throws {
        #expect(try render("12345{{!\n  This is a\n  multi-line comment...\n}}67890\n") == "1234567890\n")
    }

    @Test func standaloneAndIndentedComments() throws {
        #expect(try render("Begin.\n{{! Comment Block! }}\nEnd.\n") == "Begin.\nEnd.\n")
        #expect(try render("Begin.\n    {{! Indented }}\nEnd.\n") == "Begin.\nEnd.\n")
        #expect(try render("|\r\n{{! Standalone }}\r\n|") == "|\r\n|")
        #expect(try render("  {{! I'm Still Standalone }}\n!") == "!")
        #expect(try render("!\n  {{! I'm Still Standalone }}") == "!\n")
        #expect(try render("Begin.\n{{!\nSomething's going on here...\n}}\nEnd.\n") == "Begin.\nEnd.\n")
    }

    @Test func inlineCommentsKeepSurroundingWhitespace() throws {
        #expect(try render("  12 {{! 34 }}\n") == "  12 \n")
        #expect(try render("12345 {{! Comment Block! }} 67890") == "12345  67890")
    }

    @Test func commentsMayHoldBracesAndNames() throws {
        #expect(try render("a{{! {{x}} }b") == "a }b")
    }
}
