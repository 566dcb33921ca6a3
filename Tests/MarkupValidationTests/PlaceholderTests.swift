import Testing
@testable import MarkupValidation
