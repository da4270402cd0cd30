; gameops:// links open the console (issue 19). electron-builder's `protocols` (electron-builder.yml)
; reaches macOS's Info.plist and Linux's .desktop entry but not the NSIS installer, so the
; installer registers the scheme itself, in the installing user's classes (perMachine: false:
; SHELL_CONTEXT is HKEY_CURRENT_USER), and the uninstaller removes it. An update runs the old
; uninstaller first, then this, so the link always points at the installed executable.

!macro customInstall
  DeleteRegKey SHELL_CONTEXT "Software\Classes\gameops"
  WriteRegStr SHELL_CONTEXT "Software\Classes\gameops" "" "URL:GameOps Console link"
  WriteRegStr SHELL_CONTEXT "Software\Classes\gameops" "URL Protocol" ""
  WriteRegStr SHELL_CONTEXT "Software\Classes\gameops\DefaultIcon" "" "$INSTDIR\${APP_EXECUTABLE_FILENAME},0"
  WriteRegStr SHELL_CONTEXT "Software\Classes\gameops\shell\open\command" "" '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" "%1"'
!macroend

!macro customUnInstall
  DeleteRegKey SHELL_CONTEXT "Software\Classes\gameops"
!macroend
