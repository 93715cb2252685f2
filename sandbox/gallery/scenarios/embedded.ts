/**
 * The embedded wallet's screens: the emailed code with a wrong one entered, the device approval, a new email
 * (and one another account uses), the social login's waiting views and its blocked pop-up, and Farcaster's
 * QR code.
 */
import { FrameRequestError, SocialLoginPopupError } from "../../../src/errors"
import { family } from "../scenario"

const EMAIL = "a.very.long.address.for.a.collector@subdomain.gallery.invalid"

export const emailScenarios = family("EmailVerifyOtp", {
  code: {
    title: "The 6-digit code mailed to a long address",
    world: { view: "EmailVerifyOtp", emailLogin: { _tag: "EnterCode", email: EMAIL } }
  },
  wrongCode: {
    title: "A wrong code entered: the product's sentence, not the server's",
    fill: { label: "Code", value: "123456" },
    select: "Continue",
    world: {
      view: "EmailVerifyOtp",
      emailLogin: { _tag: "EnterCode", email: EMAIL },
      emailRefusal: new FrameRequestError({ reason: "wrong-code", frameMessage: "wrong code" })
    }
  }
})

export const deviceScenarios = family("EmailVerifyDevice", {
  waiting: {
    title: "A new device: approve it from the mailed link",
    world: { view: "EmailVerifyDevice", emailLogin: { _tag: "ApproveDevice", email: EMAIL } }
  }
})

export const updateEmailScenarios = family("UpdateEmail", {
  form: {
    title: "The new address to change to",
    world: { view: "UpdateEmail", emailUpdate: { _tag: "Idle" } }
  },
  inUse: {
    title: "An address another account uses",
    fill: { label: "New email", value: "taken@gallery.invalid" },
    select: "Continue",
    world: {
      view: "UpdateEmail",
      emailUpdate: { _tag: "Idle" },
      emailRefusal: new FrameRequestError({ reason: "email-in-use", frameMessage: "email already in use" })
    }
  }
})

export const socialScenarios = family("ConnectingSocial", {
  popup: {
    title: "Google's page open in its window",
    world: { view: "ConnectingSocial", social: { _tag: "Popup", provider: "google" } }
  },
  signingIn: {
    title: "Back from GitHub: signing in",
    world: { view: "ConnectingSocial", social: { _tag: "Connecting", provider: "github" } }
  },
  popupBlocked: {
    title: "The browser blocked the pop-up: why, and Try again",
    world: {
      view: "ConnectingSocial",
      social: { _tag: "Failed", provider: "apple", error: new SocialLoginPopupError({}) }
    }
  }
})

export const farcasterScenarios = family("ConnectingFarcaster", {
  preparing: {
    title: "The Farcaster link being prepared",
    world: { view: "ConnectingFarcaster", social: { _tag: "Farcaster", url: undefined } }
  },
  qr: {
    title: "The Farcaster QR code and link",
    world: {
      view: "ConnectingFarcaster",
      social: {
        _tag: "Farcaster",
        url: "https://farcaster.xyz/~/siwf?channelToken=210f1718-427e-46a4-99e3-2207f21f83ec"
      }
    }
  }
})
