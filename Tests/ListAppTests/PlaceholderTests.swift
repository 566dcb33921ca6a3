import Testing
@testable import ListApp
