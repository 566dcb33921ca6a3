// ListApp: the routes (pages, fragments, placeholders, headers).
import ListState
import Mustache
import HTTPServer
import ListStore
import MarkupValidation
