import Testing
@testable import ListState
