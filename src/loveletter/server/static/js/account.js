// @ts-check
// The account's button in the top bar and its dialog: sign in or create an account;
// signed in, sign out, change the password or delete the account (docs/protocol.md,
// "Accounts"). Playing needs none of it.

import { api } from "./api.js";
import { field, h, replace, toast } from "./dom.js";
import { errorText } from "./errors.js";
import { lang, t } from "./i18n.js";
import { session } from "./session.js";

/** @typedef {import("./protocol.js").AccountInfo} AccountInfo */
/** What the dialog shows signed out: signing in, creating an account, or asking for a new password. @typedef {"in" | "up" | "forgot"} Mode */

/** The refusals an account's form says in its own words (others: errors.js's). */
const ACCOUNT_ERRORS = { name_taken: "account_name_taken", rate_limited: "account_rate_limited" };

/**
 * Put the account's button in the top bar (before `before`) and ask the server who
 * is signed in. Returns what the page calls when the language changes.
 * @param {Element} before
 */
export function installAccount(before) {
  const button = h("button", {
    type: "button",
    class: "account-button",
    id: "account-button",
    "aria-haspopup": "dialog",
    onclick: () => open("in"),
  });
  before.before(button);
  const dialog = h("dialog", { class: "dialog account-dialog", id: "account-dialog", "aria-labelledby": "account-title" });
  document.body.append(dialog);
  /** @type {{mode: Mode}} */
  const shown = { mode: "in" };

  session.subscribe(() => {
    label();
    if (dialog.open) draw();
  });
  label();
  api
    .account()
    .then((account) => session.dispatch(account ? { type: "signed_in", account } : { type: "signed_out" }))
    .catch(() => session.dispatch({ type: "signed_out" }));

  function label() {
    const { account, known } = session.getState();
    button.hidden = !known;
    button.textContent = account ? account.name : t("account_sign_in");
    button.setAttribute("aria-label", account ? t("account_menu_label", { name: account.name }) : t("account_sign_in"));
    button.classList.toggle("signed-in", Boolean(account));
  }

  /** @param {Mode} mode */
  function open(mode) {
    shown.mode = mode;
    draw();
    dialog.showModal();
    dialog.querySelector("input")?.focus();
  }

  /** The dialog's content, for who is signed in; a refusal is said under it. */
  function draw() {
    const { account } = session.getState();
    const said = h("p", { class: "account-error", id: "account-error", role: "alert" });
    const content = account ? accountTools(account) : shown.mode === "forgot" ? forgotForm() : signForm(shown.mode);
    replace(dialog, h("div", { class: "dialog-body" }, content, said));
  }

  /** @param {unknown} error */
  function failed(error) {
    const { code = "invalid", message = "" } = /** @type {{code?: string, message?: string}} */ (error);
    const own = /** @type {Record<string, string>} */ (ACCOUNT_ERRORS)[code];
    const text = own ? t(own) : errorText({ code, message });
    const box = dialog.querySelector("#account-error");
    if (box) box.textContent = text;
  }

  /**
   * Run a request of the dialog's: its button waits meanwhile, a refusal is said.
   * @param {HTMLFormElement} form
   * @param {() => Promise<void>} request
   */
  async function submitting(form, request) {
    const submit = form.querySelector("button[type=submit]");
    submit?.setAttribute("disabled", "");
    try {
      await request();
    } catch (error) {
      failed(error);
    } finally {
      submit?.removeAttribute("disabled");
    }
  }

  /** @param {Mode} mode */
  function signForm(mode) {
    const signUp = mode === "up";
    /** @param {Event} event */
    const submit = (event) => {
      event.preventDefault();
      const form = /** @type {HTMLFormElement} */ (event.currentTarget);
      const data = new FormData(form);
      const name = String(data.get("name") ?? "").trim();
      const password = String(data.get("password") ?? "");
      return submitting(form, async () => {
        const account = signUp ? await api.signUp(name, password) : await api.signIn(name, password);
        session.dispatch({ type: "signed_in", account });
        dialog.close();
        toast(t(signUp ? "account_created" : "account_welcome", { name: account.name }));
      });
    };
    return h(
      "form",
      { class: "account-form", onsubmit: submit },
      h("h2", { id: "account-title" }, t(signUp ? "account_title_up" : "account_title_in")),
      h("p", { class: "muted" }, t("account_why")),
      field(t("account_name"), h("input", { id: "account-name", name: "name", required: true, maxlength: 24, autocomplete: "username" })),
      field(
        t("account_password"),
        h("input", {
          id: "account-password",
          name: "password",
          type: "password",
          required: true,
          minlength: 8,
          maxlength: 256,
          autocomplete: signUp ? "new-password" : "current-password",
        }),
        signUp ? h("small", {}, t("account_password_hint")) : null,
      ),
      h(
        "div",
        { class: "dialog-buttons" },
        h("button", { type: "submit", class: "primary", id: "account-submit" }, t(signUp ? "account_submit_up" : "account_submit_in")),
        h("button", { type: "button", onclick: () => dialog.close() }, t("account_close")),
      ),
      h("button", { type: "button", class: "link-button", id: "account-switch", onclick: () => open(signUp ? "in" : "up") }, t(signUp ? "account_switch_in" : "account_switch_up")),
      signUp ? null : h("button", { type: "button", class: "link-button", id: "account-forgot", onclick: () => open("forgot") }, t("account_forgot")),
    );
  }

  function forgotForm() {
    /** @param {Event} event */
    const submit = (event) => {
      event.preventDefault();
      const form = /** @type {HTMLFormElement} */ (event.currentTarget);
      const name = String(new FormData(form).get("name") ?? "").trim();
      return submitting(form, async () => {
        await api.forgotPassword(name, lang());
        replace(form, h("h2", { id: "account-title" }, t("account_forgot_title")), h("p", { id: "account-forgot-sent" }, t("account_forgot_sent")), h("div", { class: "dialog-buttons" }, h("button", { type: "button", onclick: () => dialog.close() }, t("account_close"))));
      });
    };
    return h(
      "form",
      { class: "account-form", onsubmit: submit },
      h("h2", { id: "account-title" }, t("account_forgot_title")),
      h("p", { class: "muted" }, t("account_forgot_why")),
      field(t("account_name"), h("input", { id: "account-name", name: "name", required: true, maxlength: 24, autocomplete: "username" })),
      h(
        "div",
        { class: "dialog-buttons" },
        h("button", { type: "submit", class: "primary", id: "account-submit" }, t("account_forgot_send")),
        h("button", { type: "button", onclick: () => open("in") }, t("account_back")),
      ),
    );
  }

  /**
   * The account's address: where password resets go, once its link is opened.
   * @param {AccountInfo} account
   */
  function emailForm(account) {
    if (!account.mail) return h("section", { class: "account-form" }, h("h3", {}, t("account_email")), h("p", { class: "muted" }, t("account_mail_off")));
    /** @param {string | null} email */
    const save = (email) =>
      submitting(/** @type {HTMLFormElement} */ (dialog.querySelector("#email-form")), async () => {
        await api.setEmail(email, lang());
        const fresh = await api.account();
        if (fresh) session.dispatch({ type: "signed_in", account: fresh });
        toast(t(email ? "account_email_sent" : "account_email_removed"));
      });
    /** @param {Event} event */
    const submit = (event) => {
      event.preventDefault();
      return save(String(new FormData(/** @type {HTMLFormElement} */ (event.currentTarget)).get("email") ?? "").trim());
    };
    const status = account.email ? t(account.email_verified ? "account_email_verified" : "account_email_unverified") : t("account_email_none");
    return h(
      "form",
      { class: "account-form", id: "email-form", onsubmit: submit },
      h("h3", {}, t("account_email")),
      h("p", { class: "muted", id: "email-status" }, status),
      field(t("account_email_address"), h("input", { id: "account-email", name: "email", type: "email", required: true, maxlength: 254, autocomplete: "email", value: account.email ?? "" })),
      h(
        "div",
        { class: "dialog-buttons" },
        h("button", { type: "submit", id: "email-save" }, t("account_email_save")),
        account.email ? h("button", { type: "button", id: "email-remove", onclick: () => save(null) }, t("account_email_remove")) : null,
      ),
    );
  }

  /**
   * Whether the account is mailed when its turn comes at a turn-based table (to its
   * confirmed address, when it is not at the table).
   * @param {AccountInfo} account
   */
  function turnMailForm(account) {
    /** @param {Event} event */
    const change = async (event) => {
      const box = /** @type {HTMLInputElement} */ (event.currentTarget);
      const wanted = box.checked;
      box.disabled = true;
      try {
        session.dispatch({ type: "signed_in", account: await api.setNotifications(wanted) });
        /** @type {HTMLElement | null} */ (dialog.querySelector("#turn-mail"))?.focus(); // the dialog was drawn again
      } catch (error) {
        box.checked = !wanted;
        box.disabled = false;
        failed(error);
      }
    };
    const note = !account.mail ? "err_mail_off" : account.email && account.email_verified ? "account_turn_mail_note" : "account_turn_mail_needs";
    return h(
      "section",
      { class: "account-form", id: "turn-mail-form" },
      h("h3", {}, t("account_turn_mail_title")),
      h(
        "label",
        { class: "check" },
        h("input", { type: "checkbox", id: "turn-mail", checked: account.turn_mail, disabled: !account.mail, "aria-describedby": "turn-mail-note", onchange: change }),
        t("account_turn_mail"),
      ),
      h("p", { class: "muted small", id: "turn-mail-note" }, t(note)),
    );
  }

  /** @param {AccountInfo} account */
  function accountTools(account) {
    const signOut = async () => {
      try {
        await api.signOut();
      } catch (error) {
        failed(error);
        return;
      }
      session.dispatch({ type: "signed_out" });
      dialog.close();
      toast(t("account_signed_out"));
    };
    /** @param {Event} event */
    const changePassword = (event) => {
      event.preventDefault();
      const form = /** @type {HTMLFormElement} */ (event.currentTarget);
      const data = new FormData(form);
      return submitting(form, async () => {
        await api.changePassword(String(data.get("password") ?? ""), String(data.get("new_password") ?? ""));
        form.reset();
        toast(t("account_password_changed"));
      });
    };
    /** @param {Event} event */
    const deleteAccount = (event) => {
      event.preventDefault();
      const form = /** @type {HTMLFormElement} */ (event.currentTarget);
      const data = new FormData(form);
      return submitting(form, async () => {
        await api.deleteAccount(String(data.get("password") ?? ""));
        session.dispatch({ type: "signed_out" });
        dialog.close();
        toast(t("account_deleted"));
      });
    };
    const password = (/** @type {string} */ id, /** @type {string} */ name, /** @type {string} */ complete) =>
      h("input", { id, name, type: "password", required: true, minlength: 8, maxlength: 256, autocomplete: complete });
    return h(
      "div",
      { class: "account-tools" },
      h("h2", { id: "account-title" }, account.name),
      h("p", { class: "muted" }, t("account_signed_in", { name: account.name })),
      h("p", {}, h("a", { href: `/p/${encodeURIComponent(account.id)}`, id: "account-profile" }, t("account_profile")), " · ", h("a", { href: "/leaderboard" }, t("leaderboard_link"))),
      h(
        "div",
        { class: "dialog-buttons" },
        h("button", { type: "button", class: "primary", id: "account-sign-out", onclick: signOut }, t("account_sign_out")),
        h("button", { type: "button", onclick: () => dialog.close() }, t("account_close")),
      ),
      emailForm(account),
      turnMailForm(account),
      h(
        "form",
        { class: "account-form", id: "password-form", onsubmit: changePassword },
        h("h3", {}, t("account_change_password")),
        field(t("account_current_password"), password("current-password", "password", "current-password")),
        field(t("account_new_password"), password("new-password", "new_password", "new-password"), h("small", {}, t("account_password_hint"))),
        h("button", { type: "submit" }, t("account_change_password")),
      ),
      h(
        "form",
        { class: "account-form", id: "delete-form", onsubmit: deleteAccount },
        h("h3", {}, t("account_delete")),
        h("p", { class: "muted" }, t("account_delete_note")),
        field(t("account_current_password"), password("delete-password", "password", "current-password")),
        h("button", { type: "submit", class: "danger" }, t("account_delete")),
      ),
    );
  }

  return { onLang: () => (label(), dialog.open && draw()) };
}
