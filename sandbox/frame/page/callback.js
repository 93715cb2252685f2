// The social sign-in callback page's script (callback.mjs serves both): tells the app that opened this popup
// where the stand-in sent it back, posting to exactly the app origin the auth server bound to the sign-in's
// state, and to nobody when there is no opener. The app closes the popup and hands the URL to the frame
// (CONNECT_SOCIAL), which redeems the code with its own device id.

const RESULT = "@w3m-social/RESULT"

const appOrigin = (() => {
  try {
    const value = JSON.parse(document.getElementById("social-return")?.textContent ?? "null")
    return typeof value?.appOrigin === "string" ? value.appOrigin : undefined
  } catch {
    return undefined
  }
})()

/** The page callback.mjs renders always has it. */
const status = /** @type {HTMLElement} */ (document.getElementById("status"))
const resultUri = location.href
// The one-time code leaves the address bar and the history once read.
history.replaceState(null, "", location.pathname)

if (appOrigin === undefined || window.opener === null) {
  status.textContent = "This sign-in was not opened by an app. Close this window and try again."
  document.documentElement.dataset.posted = "false"
} else {
  window.opener.postMessage({ type: RESULT, resultUri }, appOrigin)
  status.textContent = "You can close this window"
  document.documentElement.dataset.posted = "true"
}
