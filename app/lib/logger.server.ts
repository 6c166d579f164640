import pino from "pino";
import { logSettings } from "../config.server";
import { processSingleton } from "./process-singleton";

function createLogger(): pino.Logger {
  const { level, format } = logSettings();
  if (format === "json") return pino({ level, base: undefined });
  return pino({
    level,
    base: undefined,
    transport: {
      target: "pino-pretty",
      options: { colorize: true, translateTime: "HH:MM:ss", ignore: "pid,hostname" },
    },
  });
}

/** The process-wide logger (pino). */
export function getLogger(): pino.Logger {
  return processSingleton("logger", createLogger);
}
