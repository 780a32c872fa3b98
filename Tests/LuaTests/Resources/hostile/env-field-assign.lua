-- expect: runtime: assignment to global 'x'
-- Writes a global through _ENV explicitly; _ENV is the sealed globals table.
_ENV.x = 1
