/** The allow list the matcher is tested against, by its table and by its properties. */
export const LIST = ["https://app.example.com", "https://*.example.org", "http://dev.example.net:8080"]
