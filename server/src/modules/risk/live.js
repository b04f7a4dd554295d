/* global document, window, EventSource */
// The exposure page's live part (served from the back office's own origin: the CSP forbids inline
// scripts). The server sends the rendered fragment whenever it changed; without EventSource the
// page simply stays as loaded.
const section = document.getElementById('exposure-live');
if (section && 'EventSource' in window) {
  const source = new EventSource(section.dataset.stream);
  source.addEventListener('exposure', (event) => {
    section.innerHTML = JSON.parse(event.data).html;
  });
}
