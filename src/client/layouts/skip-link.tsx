/**
 * "Skip to content". It focuses <main> itself rather than following "#main", because a fragment
 * change would fire popstate and look like a back/forward navigation to the scroll restorer.
 */
export function SkipLink() {
  return (
    <a
      id="skip-link"
      className="skip-link"
      href="#main"
      onClick={(event) => {
        const main = document.getElementById('main');
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
    >
      Skip to content
    </a>
  );
}
