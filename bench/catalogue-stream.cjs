'use strict';
/*
 * autocannon's setupRequest for bench/catalogue.ts, loaded by path inside autocannon's worker thread.
 *
 * Why a shared cursor: autocannon walks a `requests` list from its start on every connection, so ten connections
 * would send the same URL at the same moment and measure the cache's best case. Here every request takes the next
 * URL of one list, which catalogue.ts lays out as ten interleaved visitor streams (a typeahead's prefixes, a
 * results page's pages), so each connection walks its own visitor and a visitor's next request follows its last.
 */
let cursor;

module.exports = function nextUrl(request) {
  if (cursor === undefined) cursor = request.start || 0;
  const urls = request.urls;
  request.path = urls[cursor % urls.length];
  cursor += 1;
  return request;
};
