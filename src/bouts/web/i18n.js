// The pages' words: the "web" message catalog (web/locale/<lang>/LC_MESSAGES/web.po) served by /api/i18n in the
// page's language. _("...") and _n("...", "...", count) read it (make catalogs extracts their first arguments).
// The language: ?lang= or the choice kept in localStorage, else the browser's.
let CATALOG = { lang: "en", messages: {}, plurals: {} };

export function chosenLang() {
  const asked = new URLSearchParams(location.search).get("lang");
  let kept = null;
  try { kept = localStorage.getItem("bouts.lang"); } catch (e) { kept = null; }
  const wanted = (asked || kept || navigator.language || "en").toLowerCase();
  return wanted.startsWith("ja") ? "ja" : "en";
}

export function lang() { return CATALOG.lang; }

function format(text, args) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in args ? String(args[name]) : whole));
}

// A message in the page's language, its {placeholders} filled from args.
export function _(msgid, args = {}) {
  const found = CATALOG.messages[msgid];
  return format(typeof found === "string" && found ? found : msgid, args);
}

// The singular or plural form for count (given to the text as {count}).
export function _n(singular, plural, count, args = {}) {
  const forms = CATALOG.plurals[singular];
  let text = count === 1 ? singular : plural;
  if (forms && forms.length && forms[0]) text = forms[Math.min(forms.length - 1, CATALOG.lang === "ja" || count === 1 ? 0 : 1)];
  return format(text, { count, ...args });
}

// Load the catalog of the chosen language; the page's <html lang> follows it.
export async function loadCatalog() {
  const wanted = chosenLang();
  try {
    const response = await fetch(`/api/i18n?lang=${wanted}`);
    if (response.ok) CATALOG = await response.json();
  } catch (e) { CATALOG = { lang: wanted, messages: {}, plurals: {} }; }
  document.documentElement.lang = CATALOG.lang;
  return CATALOG.lang;
}

// A language switch (English / 日本語) that keeps the choice and reloads the page in it.
export function languageSwitch() {
  const select = document.createElement("select");
  select.id = "lang";
  select.setAttribute("aria-label", _("Language"));
  for (const [value, name] of [["en", "English"], ["ja", "日本語"]]) {
    const option = document.createElement("option");
    option.value = value; option.textContent = name; option.selected = value === CATALOG.lang;
    select.append(option);
  }
  select.addEventListener("change", () => {
    try { localStorage.setItem("bouts.lang", select.value); } catch (e) { /* private mode: the URL carries it */ }
    const url = new URL(location.href);
    url.searchParams.set("lang", select.value);
    location.replace(url.href);
  });
  return select;
}
