/**
 * What the page server (modules/pages) decides for a path of the web app, and what the web plugin sends (issue 15):
 * the app shell with this head and status, or a permanent redirect to the page's canonical address.
 */
export type PageAnswer =
  | {
      kind: 'page';
      status: 200 | 404;
      head: string;
      /**
       * Decision 028: the body may be rendered on the server. True for the open pages and for an unknown path's
       * not-found page; false for signed-in pages (rendered for their visitor in the browser) and for an unknown
       * record's 404, whose page reads its own not-found state from a failed call the browser would repeat.
       */
      render: boolean;
    }
  | { kind: 'redirect'; location: string };

/** The page server's entry, handed to the web plugin by the composition root (plugins may not import modules). */
export type PageResolver = (pathname: string, search: string) => Promise<PageAnswer>;
