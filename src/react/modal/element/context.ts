import { createContext, useContext } from "react"
import type { ModalController } from "../bridge/controller"

export const ControllerContext = createContext<ModalController | undefined>(undefined)

/** The controller of the modal this view renders in. */
export const useController = (): ModalController => {
  const controller = useContext(ControllerContext)
  if (controller === undefined) throw new Error("Airlock: a modal view rendered outside its modal")
  return controller
}
