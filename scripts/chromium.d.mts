export declare function chromiumPath(): string;
export declare function hasChromium(): boolean;
export declare const chromiumArgs: string[];
export declare function chromiumLaunchOptions(): { executablePath: string; args: string[] };
