/** The islands: components rendered on the server and hydrated in the browser. */
import { PlanViewer } from "./PlanViewer.tsx";
import { RunForm } from "./RunForm.tsx";
import { Upload } from "./Upload.tsx";

export const ISLANDS = { PlanViewer, RunForm, Upload };
export type IslandName = keyof typeof ISLANDS;
