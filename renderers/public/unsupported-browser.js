/*
 * Runs only in browsers without JavaScript modules (old Internet Explorer), which cannot run the console:
 * instead of a blank page they get the /unsupported address and a plain notice (spec 000 section 2).
 * Written in ES5 on purpose; it is a file rather than inline script because the CSP allows no inline code.
 */
(function () {
  if (window.location.pathname !== '/unsupported') window.history.replaceState(null, '', '/unsupported');
  var root = document.getElementById('root');
  if (!root) return;
  root.innerHTML =
    '<div style="font-family: Arial, sans-serif; max-width: 36em; margin: 4em auto; line-height: 1.5">' +
    '<h1>Your browser is not supported</h1>' +
    '<p>This console needs a current browser. Download the latest Chrome, then open your personal sign-in address.</p>' +
    '<p><a href="https://www.google.com/chrome/">Get Chrome</a></p>' +
    '</div>';
})();
