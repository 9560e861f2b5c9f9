/// <reference types="docent/jsx/react" />
