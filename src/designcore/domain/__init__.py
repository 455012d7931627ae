"""Pure domain: value types and rules. Imports only the standard library and attrs."""
