<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="iso" tilewidth="16" tileheight="16"
 tilecount="2" columns="2">
 <image source="iso.png" width="32" height="16"/>
 <tile id="1">
  <properties>
   <property name="terrain" value="#"/>
  </properties>
 </tile>
</tileset>
