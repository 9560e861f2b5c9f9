// The demo site's only script. It is loaded in <head> (small and blocking on purpose) so a
// stored dark-mode choice is applied before the first paint, with no flash of the wrong theme.
// It sets class="dark" and data-theme="dark" on <html>, which Docent's `auto` theme follows.
(function () {
  'use strict';

  var storageKey = 'docent-demo-theme';
  var root = document.documentElement;
  var systemQuery = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;

  root.classList.add('js');

  function readChoice() {
    try {
      var value = window.localStorage.getItem(storageKey);
      return value === 'dark' || value === 'light' ? value : null;
    } catch (error) {
      // Storage can be blocked (privacy settings); the site then simply follows the system.
      return null;
    }
  }

  function saveChoice(value) {
    try {
      window.localStorage.setItem(storageKey, value);
    } catch (error) {
      // Not persisted, but still applied for this page.
    }
  }

  function isDark() {
    var choice = readChoice();
    if (choice !== null) return choice === 'dark';
    return systemQuery !== null && systemQuery.matches;
  }

  // An explicit choice is written as class and data-theme on <html>; with none, the class
  // follows the system and data-theme is left out, so Docent's auto theme sees the same.
  function applyTheme() {
    var choice = readChoice();
    root.classList.toggle('dark', isDark());
    if (choice === null) root.removeAttribute('data-theme');
    else root.setAttribute('data-theme', choice);
  }

  applyTheme();

  function syncToggle() {
    var toggle = document.getElementById('theme-toggle');
    if (toggle) toggle.setAttribute('aria-pressed', isDark() ? 'true' : 'false');
  }

  function setNavigationOpen(open) {
    var button = document.getElementById('nav-toggle');
    root.classList.toggle('nav-open', open);
    if (button) button.setAttribute('aria-expanded', open ? 'true' : 'false');
  }

  document.addEventListener('DOMContentLoaded', function () {
    syncToggle();

    var themeToggle = document.getElementById('theme-toggle');
    if (themeToggle) {
      themeToggle.addEventListener('click', function () {
        saveChoice(isDark() ? 'light' : 'dark');
        applyTheme();
        syncToggle();
      });
    }

    var navigationToggle = document.getElementById('nav-toggle');
    if (navigationToggle) {
      navigationToggle.addEventListener('click', function () {
        setNavigationOpen(!root.classList.contains('nav-open'));
      });
    }

    document.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && root.classList.contains('nav-open')) {
        setNavigationOpen(false);
        if (navigationToggle) navigationToggle.focus();
      }
    });
  });

  if (systemQuery !== null && typeof systemQuery.addEventListener === 'function') {
    systemQuery.addEventListener('change', function () {
      applyTheme();
      syncToggle();
    });
  }

  // Another tab changed the theme: follow it.
  window.addEventListener('storage', function (event) {
    if (event.key !== storageKey) return;
    applyTheme();
    syncToggle();
  });
})();
