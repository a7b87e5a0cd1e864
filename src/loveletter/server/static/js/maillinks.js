// @ts-check
// The pages the accounts' mail links to: /verify?token=… confirms an address, and
// /reset?token=… chooses a new password. A link works once, in any browser.

import { api } from "./api.js";
import { field, h, replace } from "./dom.js";
import { errorText } from "./errors.js";
import { t } from "./i18n.js";
import { session } from "./session.js";

/** The link's token, from the address. */
function token() {
  return new URLSearchParams(location.search).get("token") ?? "";
}

/**
 * A page's one message, with a way back home.
 * @param {HTMLElement} main
 * @param {string} title
 * @param {string} text
 * @param {string} id
 */
function said(main, title, text, id) {
  replace(main, h("article", { class: "panel mail-link" }, h("h1", {}, title), h("p", { id }, text), h("p", {}, h("a", { href: "/" }, t("mail_link_home")))));
}

/** @param {HTMLElement} main */
export function verifyPage(main) {
  function load() {
    document.title = `${t("verify_title")} — Love Letter`;
    api
      .verifyEmail(token())
      .then(async () => {
        said(main, t("verify_title"), t("verify_done"), "link-done");
        const account = await api.account(); // signed in here, the account is told anew
        if (account) session.dispatch({ type: "signed_in", account });
      })
      .catch((error) => said(main, t("verify_title"), errorText(error), "link-failed"));
  }
  load();
  return { onLang: () => {} };
}

/** @param {HTMLElement} main */
export function resetPage(main) {
  function draw() {
    document.title = `${t("reset_title")} — Love Letter`;
    /** @param {Event} event */
    const submit = async (event) => {
      event.preventDefault();
      const form = /** @type {HTMLFormElement} */ (event.currentTarget);
      const password = String(new FormData(form).get("new_password") ?? "");
      try {
        await api.resetPassword(token(), password);
        said(main, t("reset_title"), t("reset_done"), "link-done");
      } catch (error) {
        const box = document.getElementById("reset-error");
        if (box) box.textContent = errorText(/** @type {{code: string, message: string}} */ (error));
      }
    };
    replace(
      main,
      h(
        "article",
        { class: "panel mail-link" },
        h("h1", {}, t("reset_title")),
        h(
          "form",
          { class: "account-form", onsubmit: submit },
          field(t("account_new_password"), h("input", { id: "reset-password", name: "new_password", type: "password", required: true, minlength: 8, maxlength: 256, autocomplete: "new-password" }), h("small", {}, t("account_password_hint"))),
          h("p", { class: "account-error", id: "reset-error", role: "alert" }),
          h("button", { type: "submit", class: "primary", id: "reset-submit" }, t("reset_submit")),
        ),
      ),
    );
  }
  draw();
  return { onLang: draw };
}
